import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { storedCalculation } from '../calculation-data';
import { type CalculationEntry, toCalculationEntry } from './record';

export type { CalculationEntry } from './record';

/** The signed-in broker's calculations for one company (by the shared name key), newest first. */
export async function calculationsFor(
  db: Database,
  userId: string,
  companyName: string,
  limit = 200,
): Promise<CalculationEntry[]> {
  const key = normaliseCompanyName(companyName);
  if (!key) return [];
  const rows = await db
    .selectFrom('calculations')
    .select(['id', 'created_at', 'client_name', 'calculation_data', 'evidence', 'off_market'])
    .where('user_id', '=', userId)
    .where('normalized_client_name', '=', key)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  // Every row was written through the same schema (record.ts); parsing it again makes a drift loud, not silent.
  return rows.map((r) => toCalculationEntry(r, storedCalculation.parse(r.calculation_data)));
}
