import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/**
 * The calculations aggregate as Calculation Details and the activity pages read it. One mapping from the row to the
 * record's words (calculationOf), which the activity queries use too.
 */
export interface CalculationRecord {
  id: string;
  createdAt: Date;
  clientName: string | null;
  /** The stored JSON, parsed by its schema where it is read (services/calculation-data.ts). */
  calculationData: unknown;
  evidence: unknown;
  offMarket: boolean;
}

/** The columns of a CalculationRecord, for every query that reads one. */
export const CALCULATION_COLUMNS = [
  'id',
  'created_at',
  'client_name',
  'calculation_data',
  'evidence',
  'off_market',
] as const;

/** The one mapping from a `calculations` row to the record's words. */
export function calculationOf(r: {
  id: string;
  created_at: Date;
  client_name: string | null;
  calculation_data: unknown;
  evidence: unknown;
  off_market: boolean;
}): CalculationRecord {
  return {
    id: r.id,
    createdAt: r.created_at,
    clientName: r.client_name,
    calculationData: r.calculation_data,
    evidence: r.evidence,
    offMarket: r.off_market,
  };
}

/**
 * The scope's member's own calculations to one client (by the shared name key), newest first, at most `limit`: each
 * reader selects its columns (Calculation Details' records here, the margin's pitches in margin/pitches.ts).
 */
export function ownToClient(db: Database, scope: Scope, clientKey: string, limit: number) {
  return db
    .selectFrom('calculations')
    .where('user_id', '=', ownerOf(scope))
    .where('company_id', '=', scope.companyId)
    .where('normalized_client_name', '=', clientKey)
    .orderBy('created_at', 'desc')
    .limit(limit);
}

/** The member's own calculations for one client, as records. */
export async function calculationsForClient(
  db: Database,
  scope: Scope,
  clientKey: string,
  limit: number,
): Promise<CalculationRecord[]> {
  const rows = await ownToClient(db, scope, clientKey, limit).select(CALCULATION_COLUMNS).execute();
  return rows.map(calculationOf);
}
