import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { ownToClient } from '../calculations/read';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';
import { inSpan } from '../span';

/**
 * The company's pitches (`calculations`) as the margin rules read them: what a pitch stored at its save (its
 * calculation data, the evidence with the mid, pounds per unit), always within the scope's company, and a broker's
 * own only where the scope's member is named. One mapping from the row.
 */
export interface StoredPitch {
  id: string;
  userId: string;
  leadId: string | null;
  pair: string;
  /** The stored calculation (services/calculation-data.ts parses it). */
  data: unknown;
  /** The quote evidence: its `mid.rate` is the server's mid at that minute. */
  evidence: unknown;
  gbpPerUnit: string;
  createdAt: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'lead_id',
  'currency_pair',
  'calculation_data',
  'evidence',
  'gbp_per_unit',
  'created_at',
] as const;

/** The one mapping from a `calculations` row. */
function pitchOf(r: {
  id: string;
  user_id: string;
  lead_id: string | null;
  currency_pair: string;
  calculation_data: unknown;
  evidence: unknown;
  gbp_per_unit: string;
  created_at: Date;
}): StoredPitch {
  return {
    id: r.id,
    userId: r.user_id,
    leadId: r.lead_id,
    pair: r.currency_pair,
    data: r.calculation_data,
    evidence: r.evidence,
    gbpPerUnit: r.gbp_per_unit,
    createdAt: r.created_at,
  };
}

/** One pitch of the company: the scope's member's own when `own`, else anyone's. */
export async function findPitch(
  db: Database,
  scope: Scope,
  id: string,
  { own }: { own: boolean },
): Promise<StoredPitch | undefined> {
  let q = db.selectFrom('calculations').select(COLUMNS).where('id', '=', id).where('company_id', '=', scope.companyId);
  if (own) q = q.where('user_id', '=', ownerOf(scope));
  const row = await q.executeTakeFirst();
  return row ? pitchOf(row) : undefined;
}

/** The scope's member's pitches to one client (by normalised name), newest first. */
export async function ownPitchesToClient(
  db: Database,
  scope: Scope,
  normalizedName: string,
  limit: number,
): Promise<StoredPitch[]> {
  const rows = await ownToClient(db, scope, normalizedName, limit).select(COLUMNS).execute();
  return rows.map(pitchOf);
}

/** The lead the scope's member's own pitch is filed under (by id), when it still exists. */
export async function leadOfOwnPitch(db: Database, scope: Scope, calculationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('calculations as c')
    .innerJoin('user_leads as l', 'l.id', 'c.lead_id')
    .select('l.id')
    .where('c.id', '=', calculationId)
    .where('c.user_id', '=', ownerOf(scope))
    .where('c.company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row?.id;
}

/** A below-floor pitch as its figures were stored at its save (migration 0046). */
export interface BelowFloorPitch {
  id: string;
  userId: string;
  leadId: string;
  pair: string;
  createdAt: Date;
  bps: string;
  ticketGbp: string;
}

/**
 * The company's below-floor pitches saved in [from, to) (optionally one broker's) whose lead somebody asked about:
 * only those can be anything but 'not asked', and requests are a handful beside pitches.
 */
export async function belowFloorPitchesOfAskedLeads(
  db: Database,
  scope: Scope,
  range: { from: Date; to: Date; brokerId?: string | null },
): Promise<BelowFloorPitch[]> {
  const byUser = range.brokerId ? sql`AND c.user_id = ${range.brokerId}` : sql``;
  const { rows } = await sql<BelowFloorPitch>`
    WITH asked AS (
      SELECT DISTINCT a.lead_id AS id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
    )
    SELECT c.id, c.user_id AS "userId", c.currency_pair AS pair, c.created_at AS "createdAt",
           c.margin_bps::text AS bps, c.margin_ticket_gbp::text AS "ticketGbp", c.lead_id AS "leadId"
    FROM asked
    JOIN calculations c ON c.lead_id = asked.id
    WHERE c.company_id = ${scope.companyId} AND c.margin_below_floor
      AND ${inSpan('c.created_at', range)} ${byUser}`.execute(db);
  return rows;
}
