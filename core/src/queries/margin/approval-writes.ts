import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';
import { type ApprovalRecord, approvalOf } from './approvals';
import { nameOfActing } from './member-name';

/**
 * The approvals aggregate's writes, each within the scope's company: a request by the scope's member, a decision or
 * a withdrawal by them (only of a row in the state it changes, so of two at once one wins), endings by a policy
 * change, the digest's mark.
 */

export interface RequestFigures {
  calculationId: string | null;
  packId: string | null;
  leadId: string;
  reason: string;
  pair: string;
  bandFromGbp: number;
  bandToGbp: number | null;
  marginBps: string;
  gbpPerYear: string | null;
  floorBps: number;
  floorLabel: string;
}

/** A pending request by the scope's member; undefined when one already waits for its lead, pair and band. */
export async function insertApprovalRequest(
  db: Database,
  scope: Scope,
  r: RequestFigures,
): Promise<string | undefined> {
  const row = await db
    .insertInto('margin_approvals')
    .values({
      company_id: scope.companyId,
      calculation_id: r.calculationId,
      pack_id: r.packId,
      lead_id: r.leadId,
      requested_by: ownerOf(scope),
      reason: r.reason,
      pair: r.pair,
      band_from_gbp: r.bandFromGbp,
      band_to_gbp: r.bandToGbp,
      margin_bps: r.marginBps,
      gbp_per_year: r.gbpPerYear,
      floor_bps: r.floorBps,
      floor_label: r.floorLabel,
    })
    .onConflict((oc) => oc.columns(['lead_id', 'pair', 'band_from_gbp']).where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A waiting request's margin, pounds and reason, while it still waits. */
export async function lowerPendingRequest(
  db: Database,
  scope: Scope,
  id: string,
  change: { marginBps: string; gbpPerYear: string | null; reason: string },
): Promise<void> {
  await db
    .updateTable('margin_approvals')
    .set({ margin_bps: change.marginBps, gbp_per_year: change.gbpPerYear, reason: change.reason })
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .execute();
}

/** The scope's member decides a pending request not their own; undefined when there is no such request. */
export async function decidePendingRequest(
  db: Database,
  scope: Scope,
  input: { id: string; decision: string; note: string | null; now: Date },
): Promise<ApprovalRecord | undefined> {
  const member = ownerOf(scope);
  const row = await db
    .updateTable('margin_approvals')
    .set({
      status: input.decision,
      decided_at: input.now,
      decided_by: member,
      decided_by_name: nameOfActing(scope),
      decision_note: input.note,
    })
    .where('id', '=', input.id)
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .where('requested_by', '<>', member)
    .returningAll()
    .executeTakeFirst();
  return row ? approvalOf(row) : undefined;
}

/** The scope's member withdraws a standing approval; false when it is not one (not approved, or already ended). */
export async function withdrawStandingApproval(db: Database, scope: Scope, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('margin_approvals')
    .set({ ended_at: now, ended_reason: 'withdrawn', ended_by_name: nameOfActing(scope) })
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'approved')
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the named approvals, not yet ended, for a policy change. */
export async function endApprovalsForPolicy(
  db: Database,
  scope: Scope,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('margin_approvals')
    .set({ ended_at: now, ended_reason: 'policy', ended_by_name: 'a policy change' })
    .where('id', 'in', ids)
    .where('company_id', '=', scope.companyId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Marks the company's pending requests not yet e-mailed as e-mailed now; returns their ids. */
export async function markRequestsDigested(db: Database, scope: Scope, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('margin_approvals')
    .set({ digest_sent_at: now })
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .where('digest_sent_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
