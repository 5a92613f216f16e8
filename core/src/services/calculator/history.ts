import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { calculationsForClient } from '../../queries/calculations/read';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { storedCalculation } from '../calculation-data';
import { type CalculationEntry, toCalculationEntry } from './record';

export type { CalculationEntry } from './record';

/** The signed-in broker's calculations for one company (by the shared name key), newest first. */
export async function calculationsFor(
  db: Database,
  actor: Actor,
  companyName: string,
  limit = 200,
): Promise<CalculationEntry[]> {
  const key = normaliseCompanyName(companyName);
  if (!key) return [];
  const rows = await calculationsForClient(db, scopeOf(actor), key, limit);
  // Every row was written through the same schema (record.ts); parsing it again makes a drift loud, not silent.
  return rows.map((r) => toCalculationEntry(r, storedCalculation.parse(r.calculationData)));
}
