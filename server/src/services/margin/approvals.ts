/**
 * Approvals of pitches below the desk's floor (issue 25 §2): a member asks for their own pitch with a reason, an
 * admin of the same company approves or declines it with a note, once; the requester is told in the app and by one
 * e-mail, written in the transaction of the decision.
 */
import { Dec } from '@pippitch/shared/decimal';
import { APPROVAL_MESSAGES, type ApprovalDecision, type ApprovalStatus } from '@pippitch/shared/margin-policy';
import { pairLabel } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor } from '../actor';
import { isUniqueViolation } from '../db-errors';
import { marginDecisionEmail } from '../email/margin-emails';
import { enqueueEmailToMember } from '../email/outbox';
import { memberName, nameOfMember } from './member-name';
import { marginOfPitch } from './pitch';

export interface ApprovalEntry {
  id: string;
  calculationId: string;
  clientName: string;
  pair: string;
  requestedBy: string;
  reason: string;
  marginBps: string;
  floorBps: string;
  floorLabel: string;
  status: ApprovalStatus;
  decidedBy: string | null;
  note: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** '45.0' → '45', '37.5' → '37.5': floors as a desk writes them. */
const bpsText = (value: string) => new Dec(value).toString();

function approvalQuery(db: Database) {
  return db
    .selectFrom('margin_approvals as a')
    .innerJoin('calculations as c', 'c.id', 'a.calculation_id')
    .innerJoin('user_profiles as u', 'u.id', 'a.requested_by')
    .select((eb) => [
      'a.id',
      'a.calculation_id',
      'a.company_id',
      'a.requested_by',
      'a.reason',
      'a.margin_bps',
      'a.floor_bps',
      'a.floor_label',
      'a.status',
      'a.decided_by_name',
      'a.decision_note',
      'a.decided_at',
      'a.created_at',
      'a.lead_id',
      'c.currency_pair',
      eb.fn.coalesce('c.client_name', eb.val('(no client name)')).as('client_name'),
      memberName.as('requester_name'),
    ]);
}

type ApprovalRow = Awaited<ReturnType<ReturnType<typeof approvalQuery>['executeTakeFirstOrThrow']>>;

function toEntry(r: ApprovalRow): ApprovalEntry {
  return {
    id: r.id,
    calculationId: r.calculation_id,
    clientName: r.client_name,
    pair: r.currency_pair,
    requestedBy: r.requester_name,
    reason: r.reason,
    marginBps: r.margin_bps,
    floorBps: bpsText(r.floor_bps),
    floorLabel: r.floor_label,
    status: r.status as ApprovalStatus,
    decidedBy: r.decided_by_name,
    note: r.decision_note,
    decidedAt: r.decided_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/** A member asks to use their own pitch below the floor. One open or granted request per pitch. */
export async function requestApproval(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { calculationId: string; reason: string },
): Promise<ApprovalEntry> {
  const pitch = await marginOfPitch(db, { companyId: actor.companyId, userId: actor.userId }, input.calculationId);
  if (!pitch) throw notFound(APPROVAL_MESSAGES.pitchNotFound);
  const { margin, floor } = pitch;
  if (!margin) throw badRequest(APPROVAL_MESSAGES.noMid);
  if (!pitch.belowFloor || !floor) throw badRequest(APPROVAL_MESSAGES.notBelowFloor);
  const live = await db
    .selectFrom('margin_approvals')
    .select('status')
    .where('calculation_id', '=', pitch.calculationId)
    .where('status', '<>', 'declined')
    .executeTakeFirst();
  const refuse = (status: string | undefined) =>
    conflict(status === 'approved' ? APPROVAL_MESSAGES.alreadyApproved : APPROVAL_MESSAGES.alreadyPending);
  if (live) throw refuse(live.status);
  try {
    const row = await db
      .insertInto('margin_approvals')
      .values((eb) => ({
        company_id: actor.companyId,
        calculation_id: pitch.calculationId,
        lead_id: eb
          .selectFrom('user_leads as l')
          .innerJoin('calculations as c', (j) =>
            j.onRef('c.normalized_client_name', '=', 'l.normalized_name').onRef('c.user_id', '=', 'l.user_id'),
          )
          .select('l.id')
          .where('c.id', '=', pitch.calculationId)
          .limit(1),
        requested_by: actor.userId,
        reason: input.reason,
        margin_bps: margin.bps,
        floor_bps: floor.floorBps,
        floor_label: floor.label,
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return toEntry(await approvalQuery(db).where('a.id', '=', row.id).executeTakeFirstOrThrow());
  } catch (err) {
    // Two requests for one pitch at once: the unique index lets one in.
    if (isUniqueViolation(err, 'margin_approvals_one_live')) throw refuse('pending');
    throw err;
  }
}

/** The admins' queue: the company's pending requests, oldest first. */
export async function pendingApprovals(db: Database, actor: Pick<Actor, 'companyId'>): Promise<ApprovalEntry[]> {
  const rows = await approvalQuery(db)
    .where('a.company_id', '=', actor.companyId)
    .where('a.status', '=', 'pending')
    .orderBy('a.created_at')
    .limit(200)
    .execute();
  return rows.map(toEntry);
}

/** The member's own requests, newest first, with their decisions. */
export async function myApprovals(db: Database, actor: Pick<Actor, 'userId' | 'companyId'>): Promise<ApprovalEntry[]> {
  const rows = await approvalQuery(db)
    .where('a.company_id', '=', actor.companyId)
    .where('a.requested_by', '=', actor.userId)
    .orderBy('a.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map(toEntry);
}

/**
 * An admin's decision. The UPDATE only changes a pending row, so of two admins deciding at once one decides and the
 * other is told who did; the notification and the e-mail are written in the same transaction, so there is exactly
 * one of each per decision.
 */
export async function decideApproval(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { id: string; decision: ApprovalDecision; note: string | null },
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<ApprovalEntry> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('margin_approvals')
      .set({
        status: input.decision,
        decided_at: now,
        decided_by: actor.userId,
        decided_by_name: nameOfMember(actor.userId),
        decision_note: input.note,
      })
      .where('id', '=', input.id)
      .where('company_id', '=', actor.companyId)
      .where('status', '=', 'pending')
      .where('requested_by', '<>', actor.userId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) {
      const row = await approvalQuery(trx)
        .where('a.id', '=', input.id)
        .where('a.company_id', '=', actor.companyId)
        .executeTakeFirst();
      if (!row) throw notFound(APPROVAL_MESSAGES.requestNotFound);
      if (row.status !== 'pending') {
        throw conflict(
          APPROVAL_MESSAGES.alreadyDecided(row.status as ApprovalDecision, row.decided_by_name ?? 'another admin'),
        );
      }
      throw forbidden(APPROVAL_MESSAGES.ownRequest);
    }
    const entry = toEntry(await approvalQuery(trx).where('a.id', '=', input.id).executeTakeFirstOrThrow());
    const row = await trx
      .selectFrom('margin_approvals as a')
      .innerJoin('companies as co', 'co.id', 'a.company_id')
      .select(['a.requested_by', 'a.lead_id', 'co.name as company_name'])
      .where('a.id', '=', input.id)
      .executeTakeFirstOrThrow();
    const link = row.lead_id ? '/leads' : '/calculator';
    const approved = input.decision === 'approved';
    const what = `${entry.clientName}, ${pairLabel(entry.pair as never)} at ${entry.marginBps} bps`;
    await trx
      .insertInto('notifications')
      .values({
        user_id: row.requested_by,
        company_id: actor.companyId,
        kind: approved ? 'margin_approved' : 'margin_declined',
        title: approved ? `Approved: ${what}` : `Declined: ${what}`,
        body: input.note ? `${entry.decidedBy}: ${input.note}` : `Decided by ${entry.decidedBy}`,
        link,
      })
      .execute();
    await enqueueEmailToMember(trx, row.requested_by, {
      template: `margin-${input.decision}`,
      email: marginDecisionEmail({
        decision: input.decision,
        companyName: row.company_name,
        clientName: entry.clientName,
        marginBps: entry.marginBps,
        floorBps: entry.floorBps,
        floorLabel: entry.floorLabel,
        deciderName: entry.decidedBy ?? 'An admin',
        note: input.note,
        url: `${appUrl}${link}`,
      }),
    });
    return entry;
  });
}
