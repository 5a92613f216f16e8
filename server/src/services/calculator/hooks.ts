import type { Database } from '@pippitch/sql';
import { recordCalculatorLead } from '../leads/leads';
import type { Actor } from './save';

export interface LeadOutcome {
  name: string;
  status: 'added' | 'contacted';
  message: string;
}

/**
 * Runs inside the calculation's transaction. A Calculate with a client name records that client as a
 * contacted lead in the broker's My Leads (spec §4 Lead); without one, nothing.
 */
export function afterCalculation(trx: Database, actor: Actor, clientName: string | null): Promise<LeadOutcome | null> {
  return clientName ? recordCalculatorLead(trx, actor.userId, clientName) : Promise.resolve(null);
}
