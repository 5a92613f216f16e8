import type { Database, MarginApprovals } from '@pippitch/sql';
import type { Selectable } from 'kysely';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';
import { memberName } from './member-name';

/**
 * The approvals aggregate (`margin_approvals`: requests of a margin below the floor, their decisions and endings),
 * always within the scope's company: an id from another company is simply not found. One mapping from the row.
 */
export interface ApprovalRecord {
  id: string;
  calculationId: string | null;
  packId: string | null;
  leadId: string | null;
  requestedBy: string;
  reason: string;
  pair: string;
  bandFromGbp: string;
  bandToGbp: string | null;
  marginBps: string;
  gbpPerYear: string | null;
  floorBps: string;
  floorLabel: string;
  status: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionNote: string | null;
  decidedAt: Date | null;
  endedAt: Date | null;
  endedReason: string | null;
  endedByName: string | null;
  digestSentAt: Date | null;
  createdAt: Date;
}

/** A request as the desk reads it: with its client's name and its requester's. */
export interface ApprovalView extends ApprovalRecord {
  /** The lead's name, else the pitch's client, else '(no client name)'. */
  clientName: string;
  /** The lead's name alone (null when the request has no lead any more). */
  leadName: string | null;
  requesterName: string;
}

/** The one mapping from a `margin_approvals` row. */
export function approvalOf(r: Selectable<MarginApprovals>): ApprovalRecord {
  return {
    id: r.id,
    calculationId: r.calculation_id,
    packId: r.pack_id,
    leadId: r.lead_id,
    requestedBy: r.requested_by,
    reason: r.reason,
    pair: r.pair,
    bandFromGbp: r.band_from_gbp,
    bandToGbp: r.band_to_gbp,
    marginBps: r.margin_bps,
    gbpPerYear: r.gbp_per_year,
    floorBps: r.floor_bps,
    floorLabel: r.floor_label,
    status: r.status,
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    decisionNote: r.decision_note,
    decidedAt: r.decided_at,
    endedAt: r.ended_at,
    endedReason: r.ended_reason,
    endedByName: r.ended_by_name,
    digestSentAt: r.digest_sent_at,
    createdAt: r.created_at,
  };
}

/** The company's requests, unjoined: every record query starts here, so none can leave the scope's company. */
function recordQuery(db: Database, scope: Scope) {
  return db.selectFrom('margin_approvals').selectAll().where('company_id', '=', scope.companyId);
}

/** The company's requests joined to their client's and requester's names. */
function viewQuery(db: Database, scope: Scope) {
  return db
    .selectFrom('margin_approvals as a')
    .leftJoin('calculations as c', 'c.id', 'a.calculation_id')
    .leftJoin('user_leads as l', 'l.id', 'a.lead_id')
    .innerJoin('user_profiles as u', 'u.id', 'a.requested_by')
    .selectAll('a')
    .select((eb) => [
      eb.fn.coalesce('l.custom_name', 'c.client_name', eb.val('(no client name)')).as('client_name'),
      'l.custom_name as lead_name',
      memberName.as('requester_name'),
    ])
    .where('a.company_id', '=', scope.companyId);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

const viewOf = (r: ViewRow): ApprovalView => ({
  ...approvalOf(r),
  clientName: r.client_name,
  leadName: r.lead_name,
  requesterName: r.requester_name,
});

/** One request of the company, or undefined. */
export async function findApprovalView(db: Database, scope: Scope, id: string): Promise<ApprovalView | undefined> {
  const row = await viewQuery(db, scope).where('a.id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** The named requests of the company, oldest first. */
export async function approvalViewsByIds(db: Database, scope: Scope, ids: readonly string[]): Promise<ApprovalView[]> {
  if (ids.length === 0) return [];
  const rows = await viewQuery(db, scope).where('a.id', 'in', ids).orderBy('a.created_at').execute();
  return rows.map(viewOf);
}

/** The company's pending requests, oldest first (the admins' queue). */
export async function pendingApprovalViews(db: Database, scope: Scope, limit: number): Promise<ApprovalView[]> {
  const rows = await viewQuery(db, scope)
    .where('a.status', '=', 'pending')
    .orderBy('a.created_at')
    .limit(limit)
    .execute();
  return rows.map(viewOf);
}

/** The scope's member's own requests, newest first. */
export async function ownApprovalViews(db: Database, scope: Scope, limit: number): Promise<ApprovalView[]> {
  const rows = await viewQuery(db, scope)
    .where('a.requested_by', '=', ownerOf(scope))
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(viewOf);
}

/** The company's approvals still standing (approved, not ended), newest decision first. */
export async function standingApprovalViews(db: Database, scope: Scope, limit: number): Promise<ApprovalView[]> {
  const rows = await viewQuery(db, scope)
    .where('a.status', '=', 'approved')
    .where('a.ended_at', 'is', null)
    .orderBy('a.decided_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(viewOf);
}

/** Every approval of the company still standing, unjoined (for ending those a policy change leaves behind). */
export async function standingApprovalRecords(db: Database, scope: Scope): Promise<ApprovalRecord[]> {
  const rows = await recordQuery(db, scope).where('status', '=', 'approved').where('ended_at', 'is', null).execute();
  return rows.map(approvalOf);
}

/** Every request of the company's named leads, oldest first. */
export const approvalsOfLeads = (db: Database, scope: Scope, leadIds: readonly string[]) =>
  approvalsOf(db, scope, 'lead_id', leadIds);

/** Every request asked from the company's named pitches, oldest first. */
export const approvalsOfPitches = (db: Database, scope: Scope, calculationIds: readonly string[]) =>
  approvalsOf(db, scope, 'calculation_id', calculationIds);

async function approvalsOf(
  db: Database,
  scope: Scope,
  column: 'lead_id' | 'calculation_id',
  ids: readonly string[],
): Promise<ApprovalRecord[]> {
  if (ids.length === 0) return [];
  const rows = await recordQuery(db, scope).where(column, 'in', ids).orderBy('created_at').execute();
  return rows.map(approvalOf);
}

/** The request waiting for a lead, pair and band (at most one: margin_approvals_one_pending). */
export async function pendingApprovalFor(
  db: Database,
  scope: Scope,
  key: { leadId: string; pair: string; bandFromGbp: number },
): Promise<ApprovalRecord | undefined> {
  const row = await recordQuery(db, scope)
    .where('lead_id', '=', key.leadId)
    .where('pair', '=', key.pair)
    .where('band_from_gbp', '=', String(key.bandFromGbp))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row ? approvalOf(row) : undefined;
}
