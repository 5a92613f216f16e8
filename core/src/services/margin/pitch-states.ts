/**
 * What became of each below-floor pitch in a range (issue 32 §1, §4), by the shared rule: approved when an approval
 * of its lead, pair and band covers its margin (as it stood when the pitch was made), else the latest request of
 * that lead, pair and band at or below its margin (pending, declined), else not asked. Read from the requests'
 * leads outwards: only pitches of a lead somebody asked for can be anything but 'not asked', and requests are a
 * handful beside pitches, so the card's and the reports' cost stays that of their rollups.
 */
import { type BelowFloorState, pitchApprovalState } from '@pippitch/shared/margin-approval';
import { floorFor } from '@pippitch/shared/margin-policy';
import { isCurrencyPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { toGrant } from './grants';
import { policyIn, policyVersions } from './policy';

export interface StateCounts {
  approved: number;
  declined: number;
  pending: number;
}

/** Counts per `${userId}|${pair}` of the range's below-floor pitches that are approved, declined or pending. */
export async function belowFloorStates(
  db: Database,
  scope: { companyId: string; userId?: string | null },
  range: { from: Date; to: Date },
): Promise<Map<string, StateCounts>> {
  const counts = new Map<string, StateCounts>();
  for (const p of await pitchStates(db, scope, range)) {
    const key = `${p.userId}|${p.pair}`;
    const c = counts.get(key) ?? { approved: 0, declined: 0, pending: 0 };
    c[p.state] += 1;
    counts.set(key, c);
  }
  return counts;
}

export interface PitchState {
  id: string;
  userId: string;
  leadId: string;
  pair: string;
  state: Exclude<BelowFloorState, 'not asked'>;
}

/** Each below-floor pitch of the range that is approved, declined or pending (the rest: not asked). */
export async function pitchStates(
  db: Database,
  scope: { companyId: string; userId?: string | null },
  range: { from: Date; to: Date },
): Promise<PitchState[]> {
  const byUser = scope.userId ? sql`AND c.user_id = ${scope.userId}` : sql``;
  const { rows: pitches } = await sql<{
    id: string;
    user_id: string;
    pair: string;
    created_at: Date;
    bps: string;
    ticket: string;
    lead_id: string;
  }>`
    WITH asked AS (
      SELECT DISTINCT a.lead_id AS id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
    )
    SELECT c.id, c.user_id, c.currency_pair AS pair, c.created_at, c.margin_bps::text AS bps,
           c.margin_ticket_gbp::text AS ticket, c.lead_id
    FROM asked
    JOIN calculations c ON c.lead_id = asked.id
    WHERE c.company_id = ${scope.companyId} AND c.margin_below_floor
      AND c.created_at >= ${range.from} AND c.created_at < ${range.to} ${byUser}`.execute(db);
  if (pitches.length === 0) return [];
  const leadIds = [...new Set(pitches.map((p) => p.lead_id))];
  const [versions, requests] = await Promise.all([
    policyVersions(db, scope.companyId),
    db
      .selectFrom('margin_approvals')
      .select(['lead_id', 'pair', 'band_from_gbp', 'band_to_gbp', 'floor_bps', 'margin_bps', 'ended_at', 'status'])
      .where('company_id', '=', scope.companyId)
      .where('lead_id', 'in', leadIds)
      .execute(),
  ]);
  const grants = requests.map(toGrant);
  const out: PitchState[] = [];
  for (const p of pitches) {
    if (!isCurrencyPair(p.pair)) continue;
    const floor = floorFor(policyIn(versions, p.created_at), p.pair, p.ticket);
    if (!floor) continue;
    const state = pitchApprovalState(
      { leadId: p.lead_id, floor, marginBps: p.bps, at: p.created_at.toISOString() },
      grants.filter((g) => g.leadId === p.lead_id),
    );
    if (state !== 'not asked') out.push({ id: p.id, userId: p.user_id, leadId: p.lead_id, pair: p.pair, state });
  }
  return out;
}

/** The counts of one group of the card (a broker's pair, a broker, a pair, the team): the sum of its keys. */
export function countsFor(
  counts: Map<string, StateCounts>,
  group: { userId: string | null; pair: string | null },
): StateCounts {
  const out = { approved: 0, declined: 0, pending: 0 };
  for (const [key, c] of counts) {
    const [userId, pair] = key.split('|');
    if (group.userId !== null && group.userId !== userId) continue;
    if (group.pair !== null && group.pair !== pair) continue;
    out.approved += c.approved;
    out.declined += c.declined;
    out.pending += c.pending;
  }
  return out;
}
