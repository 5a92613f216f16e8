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
import { approvalsOfLeads } from '../../queries/margin/approvals';
import { belowFloorPitchesOfAskedLeads } from '../../queries/margin/pitches';
import type { Scope } from '../../queries/scope';
import { toGrant } from './grants';
import { policyIn, policyVersions } from './policy';

export interface StateCounts {
  approved: number;
  declined: number;
  pending: number;
}

/**
 * Counts per `${userId}|${pair}` of the range's below-floor pitches (of the scope's company, optionally one
 * broker's) that are approved, declined or pending.
 */
export async function belowFloorStates(
  db: Database,
  scope: Scope,
  range: { from: Date; to: Date; brokerId?: string | null },
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

/** Each below-floor pitch of the range (optionally one broker's) that is approved, declined or pending (the rest:
 * not asked). */
export async function pitchStates(
  db: Database,
  scope: Scope,
  range: { from: Date; to: Date; brokerId?: string | null },
): Promise<PitchState[]> {
  const pitches = await belowFloorPitchesOfAskedLeads(db, scope, range);
  if (pitches.length === 0) return [];
  const leadIds = [...new Set(pitches.map((p) => p.leadId))];
  const [versions, requests] = await Promise.all([policyVersions(db, scope), approvalsOfLeads(db, scope, leadIds)]);
  const grants = requests.map(toGrant);
  const out: PitchState[] = [];
  for (const p of pitches) {
    if (!isCurrencyPair(p.pair)) continue;
    const floor = floorFor(policyIn(versions, p.createdAt), p.pair, p.ticketGbp);
    if (!floor) continue;
    const state = pitchApprovalState(
      { leadId: p.leadId, floor, marginBps: p.bps, at: p.createdAt.toISOString() },
      grants.filter((g) => g.leadId === p.leadId),
    );
    if (state !== 'not asked') out.push({ id: p.id, userId: p.userId, leadId: p.leadId, pair: p.pair, state });
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
