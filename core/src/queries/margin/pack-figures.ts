import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/**
 * What the margin gate reads of a saved pack (`evidence_packs`): its stated margin, trades and totals, its lead and
 * whose it is, within the scope's company.
 */
export interface PackFiguresRecord {
  leadId: string;
  userId: string;
  marginBps: number;
  /** The priced trades as stored (shared/src/pack-record.ts parses them). */
  trades: unknown;
  totals: unknown;
}

/** A saved pack's stated figures and whose it is, in the company; undefined for a pack it cannot see. */
export async function packFiguresRecord(
  db: Database,
  scope: Scope,
  packId: string,
): Promise<PackFiguresRecord | undefined> {
  return db
    .selectFrom('evidence_packs')
    .select(['lead_id as leadId', 'user_id as userId', 'margin_bps as marginBps', 'trades', 'totals'])
    .where('id', '=', packId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
}
