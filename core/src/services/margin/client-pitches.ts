/**
 * The margin of each of a member's pitches to one client, with the decision on it (issue 25 §2: the decision is
 * kept with the pitch's record), for Calculation Details. One query for the pitches, one for the policy's
 * versions, one for the requests: a client's 200 pitches are three round trips.
 */
import { type BelowFloorState, pitchApprovalState } from '@pippitch/shared/margin-approval';
import type { ApprovalStatus } from '@pippitch/shared/margin-policy';
import { normaliseCompanyName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import type { Actor } from '../actor';
import { toGrant } from './grants';
import { calculationColumns, measurePitch, type PitchMargin } from './pitch';
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
  actor: Pick<Actor, 'userId' | 'companyId'>,
  companyName: string,
  limit = 200,
): Promise<PitchRecord[]> {
  const key = normaliseCompanyName(companyName);
  if (!key) return [];
  const [rows, versions] = await Promise.all([
    db
      .selectFrom('calculations')
      .select([...calculationColumns(), 'lead_id'])
      .where('user_id', '=', actor.userId)
      .where('company_id', '=', actor.companyId)
      .where('normalized_client_name', '=', key)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    policyVersions(db, actor.companyId),
  ]);
  if (rows.length === 0) return [];
  const leadIds = [...new Set(rows.flatMap((r) => (r.lead_id ? [r.lead_id] : [])))];
  const [requests, ofLeads] = await Promise.all([
    db
      .selectFrom('margin_approvals')
      .select(['calculation_id', 'status', 'reason', 'decided_by_name', 'decision_note', 'decided_at'])
      .where(
        'calculation_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('created_at')
      .execute(),
    leadIds.length === 0
      ? []
      : db
          .selectFrom('margin_approvals')
          .select(['lead_id', 'pair', 'band_from_gbp', 'band_to_gbp', 'floor_bps', 'margin_bps', 'ended_at', 'status'])
          .where('company_id', '=', actor.companyId)
          .where('lead_id', 'in', leadIds)
          .execute(),
  ]);
  const grants = ofLeads.map(toGrant);
  // Oldest first, so the latest request of each pitch is the one kept.
  const latest = new Map(requests.map((r) => [r.calculation_id, r]));
  return rows.map((row) => {
    const request = latest.get(row.id);
    const measured = measurePitch(row, policyIn(versions, row.created_at));
    const { floor, margin } = measured;
    const state =
      measured.belowFloor && floor && margin
        ? pitchApprovalState(
            { leadId: row.lead_id, floor, marginBps: margin.bps, at: measured.createdAt },
            grants.filter((g) => g.leadId === row.lead_id),
          )
        : null;
    return {
      ...measured,
      state,
      approval: request
        ? {
            status: request.status as ApprovalStatus,
            reason: request.reason,
            decidedBy: request.decided_by_name,
            note: request.decision_note,
            decidedAt: request.decided_at?.toISOString() ?? null,
          }
        : null,
    };
  });
}
