/**
 * Approvals of margins below the desk's floor (issue 25 §2, issue 32): a member asks (ask.ts) for a lead, pair, band
 * and margin with a reason; an admin of the same company approves or declines it with a note, once, and may later
 * withdraw an approval; the requester is told in the app and by one e-mail, written in the transaction of the
 * decision.
 */
import { Dec } from '@pippitch/shared/decimal';
import { grantStandsUnder } from '@pippitch/shared/margin-approval';
import { APPROVAL_MESSAGES, type ApprovalDecision, type ApprovalStatus } from '@pippitch/shared/margin-policy';
import { pairLabel } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { conflict, forbidden, notFound } from '../../errors';
import type { Actor } from '../actor';
import { marginDecisionEmail } from '../email/margin-emails';
import { enqueueEmailToMember } from '../email/outbox';
import { toGrant } from './grants';
import { memberName, nameOfMember } from './member-name';
import { policyAt } from './policy';

export interface ApprovalEntry {
  id: string;
  /** The pitch or pack it was asked from (either may be gone); the lead, pair, band and margin are what it grants. */
  calculationId: string | null;
  packId: string | null;
  leadId: string | null;
  clientName: string;
  pair: string;
  requestedBy: string;
  reason: string;
  marginBps: string;
  /** The margin in pounds a year at the volume the pitch or pack states; null when not known. */
  gbpPerYear: string | null;
  floorBps: string;
  floorLabel: string;
  status: ApprovalStatus;
  decidedBy: string | null;
  note: string | null;
  decidedAt: string | null;
  /** When an approval stopped covering new artefacts: withdrawn by an admin, or its band's floor changed. */
  endedAt: string | null;
  endedReason: 'withdrawn' | 'policy' | null;
  endedBy: string | null;
  createdAt: string;
}

/** '45.0' → '45', '37.5' → '37.5': floors as a desk writes them. */
const bpsText = (value: string) => new Dec(value).toString();

function approvalQuery(db: Database) {
  return db
    .selectFrom('margin_approvals as a')
    .leftJoin('calculations as c', 'c.id', 'a.calculation_id')
    .leftJoin('user_leads as l', 'l.id', 'a.lead_id')
    .innerJoin('user_profiles as u', 'u.id', 'a.requested_by')
    .select((eb) => [
      'a.id',
      'a.calculation_id',
      'a.pack_id',
      'a.company_id',
      'a.requested_by',
      'a.reason',
      'a.margin_bps',
      'a.gbp_per_year',
      'a.floor_bps',
      'a.floor_label',
      'a.status',
      'a.decided_by_name',
      'a.decision_note',
      'a.decided_at',
      'a.ended_at',
      'a.ended_reason',
      'a.ended_by_name',
      'a.created_at',
      'a.lead_id',
      'a.pair',
      'a.band_from_gbp',
      'a.band_to_gbp',
      eb.fn.coalesce('l.custom_name', 'c.client_name', eb.val('(no client name)')).as('client_name'),
      memberName.as('requester_name'),
    ]);
}

type ApprovalRow = Awaited<ReturnType<ReturnType<typeof approvalQuery>['executeTakeFirstOrThrow']>>;

function toEntry(r: ApprovalRow): ApprovalEntry {
  return {
    id: r.id,
    calculationId: r.calculation_id,
    packId: r.pack_id,
    leadId: r.lead_id,
    clientName: r.client_name,
    pair: r.pair,
    requestedBy: r.requester_name,
    reason: r.reason,
    marginBps: r.margin_bps,
    gbpPerYear: r.gbp_per_year,
    floorBps: bpsText(r.floor_bps),
    floorLabel: r.floor_label,
    status: r.status as ApprovalStatus,
    decidedBy: r.decided_by_name,
    note: r.decision_note,
    decidedAt: r.decided_at?.toISOString() ?? null,
    endedAt: r.ended_at?.toISOString() ?? null,
    endedReason: r.ended_reason as ApprovalEntry['endedReason'],
    endedBy: r.ended_by_name,
    createdAt: r.created_at.toISOString(),
  };
}

export const entryById = async (db: Database, id: string) =>
  toEntry(await approvalQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow());

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
      .returning([
        'id',
        'lead_id',
        'pair',
        'band_from_gbp',
        'band_to_gbp',
        'floor_bps',
        'margin_bps',
        'ended_at',
        'status',
      ])
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
    // Asked under a floor that has since moved: approving it would grant nothing (issue 32: a policy change ends
    // approvals), so the admin declines it or the broker asks again under the floor in force. The UPDATE rolls back.
    if (input.decision === 'approved' && !grantStandsUnder(await policyAt(trx, actor.companyId), toGrant(updated))) {
      throw conflict(APPROVAL_MESSAGES.floorMoved);
    }
    const entry = toEntry(await approvalQuery(trx).where('a.id', '=', input.id).executeTakeFirstOrThrow());
    const row = await trx
      .selectFrom('margin_approvals as a')
      .innerJoin('companies as co', 'co.id', 'a.company_id')
      .select(['a.requested_by', 'a.lead_id', 'a.pack_id', 'co.name as company_name'])
      .where('a.id', '=', input.id)
      .executeTakeFirstOrThrow();
    // The broker sees the decision where they asked: the pack's page, else their leads. The e-mail's button says
    // which (issue 31 §6: it said 'Open the calculator' while opening the pack).
    const [link, linkLabel] = row.pack_id
      ? [`/packs/${row.pack_id}`, 'Open the evidence pack']
      : row.lead_id
        ? ['/leads', 'Open your leads']
        : ['/calculator', 'Open the calculator'];
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
        action: { label: linkLabel, url: `${appUrl}${link}` },
      }),
    });
    return entry;
  });
}

/**
 * An admin withdraws an approval: from now on it covers nothing new (a pack, link or PDF at that margin needs a new
 * one); what was made under it keeps its record. Once: a second withdrawal reads who withdrew it.
 */
export async function withdrawApproval(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { id: string },
  now: Date,
): Promise<ApprovalEntry> {
  const updated = await db
    .updateTable('margin_approvals')
    .set({ ended_at: now, ended_reason: 'withdrawn', ended_by_name: nameOfMember(actor.userId) })
    .where('id', '=', input.id)
    .where('company_id', '=', actor.companyId)
    .where('status', '=', 'approved')
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  const row = await approvalQuery(db)
    .where('a.id', '=', input.id)
    .where('a.company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!row) throw notFound(APPROVAL_MESSAGES.requestNotFound);
  if (!updated) {
    throw conflict(
      row.ended_at
        ? APPROVAL_MESSAGES.alreadyEnded(row.ended_by_name ?? 'a policy change')
        : APPROVAL_MESSAGES.notApproved,
    );
  }
  return toEntry(row);
}

/** The company's approvals still standing, newest first: what the desk has allowed below its floors. */
export async function standingApprovals(db: Database, actor: Pick<Actor, 'companyId'>): Promise<ApprovalEntry[]> {
  const rows = await approvalQuery(db)
    .where('a.company_id', '=', actor.companyId)
    .where('a.status', '=', 'approved')
    .where('a.ended_at', 'is', null)
    .orderBy('a.decided_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(toEntry);
}
