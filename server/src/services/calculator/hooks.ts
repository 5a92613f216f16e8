import type { Database } from '@pippitch/sql';
import type { Actor } from './save';

export interface LeadOutcome {
  name: string;
  status: 'added' | 'contacted';
  message: string;
}

/**
 * Runs inside the calculation's transaction. A Calculate with a client name records that client as a
 * contacted lead (My Leads); without one, nothing.
 */
export async function afterCalculation(
  _trx: Database,
  _actor: Actor,
  _clientName: string | null,
): Promise<LeadOutcome | null> {
  return null;
}
