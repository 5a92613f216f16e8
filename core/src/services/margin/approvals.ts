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
import { readCompanyColumn } from '../../queries/companies/rows';
import { decidePendingRequest, withdrawStandingApproval } from '../../queries/margin/approval-writes';
import {
  type ApprovalView,
  findApprovalView,
  ownApprovalViews,
  pendingApprovalViews,
  standingApprovalViews,
} from '../../queries/margin/approvals';
import { insertNotification } from '../../queries/margin/notifications';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { marginDecisionEmail } from '../email/margin-emails';
import { enqueueEmailToMember } from '../email/outbox';
import { toGrant } from './grants';
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

function toEntry(r: ApprovalView): ApprovalEntry {
  return {
    id: r.id,
    calculationId: r.calculationId,
    packId: r.packId,
    leadId: r.leadId,
    clientName: r.clientName,
    pair: r.pair,
    requestedBy: r.requesterName,
    reason: r.reason,
    marginBps: r.marginBps,
    gbpPerYear: r.gbpPerYear,
    floorBps: bpsText(r.floorBps),
    floorLabel: r.floorLabel,
    status: r.status as ApprovalStatus,
    decidedBy: r.decidedByName,
    note: r.decisionNote,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    endedReason: r.endedReason as ApprovalEntry['endedReason'],
    endedBy: r.endedByName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A request of the scope's company as an entry; it was just read or written in that scope, so it is there. */
export async function entryById(db: Database, scope: Scope, id: string): Promise<ApprovalEntry> {
  const view = await findApprovalView(db, scope, id);
  if (!view) throw new Error(`approval ${id} is not in ${scope.companyId}`);
  return toEntry(view);
}

/** The admins' queue: the company's pending requests, oldest first. */
export async function pendingApprovals(db: Database, actor: Actor): Promise<ApprovalEntry[]> {
  return (await pendingApprovalViews(db, scopeOf(actor), 200)).map(toEntry);
}

/** The member's own requests, newest first, with their decisions. */
export async function myApprovals(db: Database, actor: Actor): Promise<ApprovalEntry[]> {
  return (await ownApprovalViews(db, scopeOf(actor), 100)).map(toEntry);
}

/**
 * An admin's decision. The UPDATE only changes a pending row, so of two admins deciding at once one decides and the
 * other is told who did; the notification and the e-mail are written in the same transaction, so there is exactly
 * one of each per decision.
 */
export async function decideApproval(
  db: Database,
  actor: Actor,
  input: { id: string; decision: ApprovalDecision; note: string | null },
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<ApprovalEntry> {
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const updated = await decidePendingRequest(trx, scope, { ...input, now });
    if (!updated) {
      const row = await findApprovalView(trx, scope, input.id);
      if (!row) throw notFound(APPROVAL_MESSAGES.requestNotFound);
      if (row.status !== 'pending') {
        throw conflict(
          APPROVAL_MESSAGES.alreadyDecided(row.status as ApprovalDecision, row.decidedByName ?? 'another admin'),
        );
      }
      throw forbidden(APPROVAL_MESSAGES.ownRequest);
    }
    // Asked under a floor that has since moved: approving it would grant nothing (issue 32: a policy change ends
    // approvals), so the admin declines it or the broker asks again under the floor in force. The UPDATE rolls back.
    if (input.decision === 'approved' && !grantStandsUnder(await policyAt(trx, scope), toGrant(updated))) {
      throw conflict(APPROVAL_MESSAGES.floorMoved);
    }
    const entry = await entryById(trx, scope, input.id);
    await tellRequester(trx, scope, { ...input, appUrl, entry, request: updated });
    return entry;
  });
}

/** The requester hears of the decision in the app and by one e-mail, in the decision's transaction. */
async function tellRequester(
  trx: Database,
  scope: Scope,
  d: {
    decision: ApprovalDecision;
    note: string | null;
    appUrl: string;
    entry: ApprovalEntry;
    request: { requestedBy: string; leadId: string | null; packId: string | null };
  },
): Promise<void> {
  const { entry, request } = d;
  // The broker sees the decision where they asked: the pack's page, else their leads. The e-mail's button says
  // which (issue 31 §6: it said 'Open the calculator' while opening the pack).
  const [link, linkLabel] = request.packId
    ? [`/packs/${request.packId}`, 'Open the evidence pack']
    : request.leadId
      ? ['/leads', 'Open your leads']
      : ['/calculator', 'Open the calculator'];
  const approved = d.decision === 'approved';
  const what = `${entry.clientName}, ${pairLabel(entry.pair as never)} at ${entry.marginBps} bps`;
  await insertNotification(trx, scope, {
    userId: request.requestedBy,
    kind: approved ? 'margin_approved' : 'margin_declined',
    title: approved ? `Approved: ${what}` : `Declined: ${what}`,
    body: d.note ? `${entry.decidedBy}: ${d.note}` : `Decided by ${entry.decidedBy}`,
    link,
  });
  await enqueueEmailToMember(trx, request.requestedBy, {
    template: `margin-${d.decision}`,
    email: marginDecisionEmail({
      decision: d.decision,
      companyName: await readCompanyColumn(trx, scope, 'name'),
      clientName: entry.clientName,
      marginBps: entry.marginBps,
      floorBps: entry.floorBps,
      floorLabel: entry.floorLabel,
      deciderName: entry.decidedBy ?? 'An admin',
      note: d.note,
      action: { label: linkLabel, url: `${d.appUrl}${link}` },
    }),
  });
}

/**
 * An admin withdraws an approval: from now on it covers nothing new (a pack, link or PDF at that margin needs a new
 * one); what was made under it keeps its record. Once: a second withdrawal reads who withdrew it.
 */
export async function withdrawApproval(
  db: Database,
  actor: Actor,
  input: { id: string },
  { now }: { now: Date },
): Promise<ApprovalEntry> {
  const scope = scopeOf(actor);
  const withdrawn = await withdrawStandingApproval(db, scope, input.id, now);
  const row = await findApprovalView(db, scope, input.id);
  if (!row) throw notFound(APPROVAL_MESSAGES.requestNotFound);
  if (!withdrawn) {
    throw conflict(
      row.endedAt
        ? APPROVAL_MESSAGES.alreadyEnded(row.endedByName ?? 'a policy change')
        : APPROVAL_MESSAGES.notApproved,
    );
  }
  return toEntry(row);
}

/** The company's approvals still standing, newest first: what the desk has allowed below its floors. */
export async function standingApprovals(db: Database, actor: Actor): Promise<ApprovalEntry[]> {
  return (await standingApprovalViews(db, scopeOf(actor), 200)).map(toEntry);
}
