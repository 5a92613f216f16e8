/**
 * The margin of each of a member's pitches to one client, with the decision on it (issue 25 §2: the decision is
 * kept with the pitch's record), for Calculation Details. One query for the pitches, one for the policy's
 * versions, one for the requests: a client's 200 pitches are three round trips.
 */
import { type BelowFloorState, pitchApprovalState } from '@pippitch/shared/margin-approval';
import type { ApprovalStatus } from '@pippitch/shared/margin-policy';
import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { approvalsOfLeads, approvalsOfPitches } from '../../queries/margin/approvals';
import { ownPitchesToClient } from '../../queries/margin/pitches';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { toGrant } from './grants';
import { measurePitch, type PitchMargin } from './pitch';
import { policyIn, policyVersions } from './policy';

export interface PitchRecord extends PitchMargin {
  /**
   * Below the floor: the shared rule's state (issue 32 §4), from every request of the pitch's lead, pair and band —
   * so a pitch covered by an approval asked from another pitch or a pack reads 'approved', and the broker is offered
   * 'Ask for approval' only when it is not asked or was declined. Null when at or above the floor.
   */
  state: BelowFloorState | null;
  /** The latest request for this pitch and its decision, or null when none was asked. */
  approval: {
    status: ApprovalStatus;
    reason: string;
    decidedBy: string | null;
    note: string | null;
    decidedAt: string | null;
  } | null;
}

export async function pitchesToClient(
  db: Database,
  actor: Actor,
  input: { companyName: string; limit?: number },
): Promise<PitchRecord[]> {
  const key = normaliseCompanyName(input.companyName);
  if (!key) return [];
  const scope = scopeOf(actor);
  const [rows, versions] = await Promise.all([
    ownPitchesToClient(db, scope, key, input.limit ?? 200),
    policyVersions(db, scope),
  ]);
  if (rows.length === 0) return [];
  const leadIds = [...new Set(rows.flatMap((r) => (r.leadId ? [r.leadId] : [])))];
  const [requests, ofLeads] = await Promise.all([
    approvalsOfPitches(
      db,
      scope,
      rows.map((r) => r.id),
    ),
    approvalsOfLeads(db, scope, leadIds),
  ]);
  const grants = ofLeads.map(toGrant);
  // Oldest first, so the latest request of each pitch is the one kept.
  const latest = new Map(requests.map((r) => [r.calculationId, r]));
  return rows.map((row) => {
    const request = latest.get(row.id);
    const measured = measurePitch(row, policyIn(versions, row.createdAt));
    const { floor, margin } = measured;
    const state =
      measured.belowFloor && floor && margin
        ? pitchApprovalState(
            { leadId: row.leadId, floor, marginBps: margin.bps, at: measured.createdAt },
            grants.filter((g) => g.leadId === row.leadId),
          )
        : null;
    return {
      ...measured,
      state,
      approval: request
        ? {
            status: request.status as ApprovalStatus,
            reason: request.reason,
            decidedBy: request.decidedByName,
            note: request.decisionNote,
            decidedAt: request.decidedAt?.toISOString() ?? null,
          }
        : null,
    };
  });
}
