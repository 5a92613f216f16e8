/**
 * The one check before an evidence pack, a share link or a PDF leaves the desk (issue 32 §1): the artefact is judged
 * on its own figures — the pack's stated margin on each of its rows, each row's pair and ticket band — under the
 * policy in force now, against the approvals granted for its lead (shared/src/margin-approval.ts). Names play no
 * part: a throwaway pitch, a never-pitched lead or a near-identical name change nothing.
 */

import { Dec } from '@pippitch/shared/decimal';
import {
  type ApprovalNeed,
  approvalNeededText,
  approvalsNeeded,
  type ShownMargin,
} from '@pippitch/shared/margin-approval';
import type { PricedTrade } from '@pippitch/shared/pack';
import { packTradesRecord } from '@pippitch/shared/pack-record';
import type { Database } from '@pippitch/sql';
import { forbidden } from '../../errors';
import { requestsOfLead } from './grants';
import { policyAt } from './policy';

/**
 * The margins a pack shows: its stated margin on every row. A priced row's ticket is its amount in pounds and its
 * pounds a year its margin scaled as the pack scales its saving; an unpriced row still names its pair and amount
 * (pounds for a GBP-based pair; unknown otherwise, which the rule holds to the pair's highest floor).
 */
export function packShown(trades: readonly PricedTrade[], marginBps: number, spanDays: number): ShownMargin[] {
  return trades.map((t) => ({
    pair: t.pair,
    ticketGbp: t.amountGbp ?? (t.pair.startsWith('GBP') ? t.amount : null),
    marginBps: new Dec(marginBps).toFixed(1),
    gbpPerYear:
      t.ourCostGbp === null ? null : new Dec(t.ourCostGbp).times(365).dividedBy(Math.max(30, spanDays)).toFixed(2),
  }));
}

/** What a lead's artefact showing these margins still needs, under the policy in force now. */
export async function needsOf(
  db: Database,
  scope: { companyId: string; leadId: string },
  shown: readonly ShownMargin[],
): Promise<ApprovalNeed[]> {
  const [policy, requests] = await Promise.all([
    policyAt(db, scope.companyId),
    requestsOfLead(db, scope.companyId, scope.leadId),
  ]);
  return approvalsNeeded(
    policy,
    scope.leadId,
    shown,
    requests.filter((r) => r.status === 'approved'),
  );
}

/** Refuses (403, in words naming the figure and the floor) an artefact of a lead that shows an unapproved margin. */
export async function requireApprovalFor(
  db: Database,
  scope: { companyId: string; leadId: string },
  shown: readonly ShownMargin[],
): Promise<void> {
  const [need] = await needsOf(db, scope, shown);
  if (need) throw forbidden(approvalNeededText(need, 'This pack'));
}

/** A saved pack's figures and lead, read in the caller's company; null for a pack it cannot see. */
export async function packFigures(db: Database, scope: { companyId: string; packId: string }) {
  const row = await db
    .selectFrom('evidence_packs')
    .select(['lead_id', 'user_id', 'margin_bps', 'trades', 'totals'])
    .where('id', '=', scope.packId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  if (!row) return null;
  const spanDays = Number((row.totals as { spanDays?: number } | null)?.spanDays ?? 30);
  return {
    leadId: row.lead_id,
    userId: row.user_id,
    shown: packShown(packTradesRecord.parse(row.trades), row.margin_bps, spanDays),
  };
}

/** The gate of a saved pack's share link and PDF. An unknown pack is the caller's own 404 to give. */
export async function requirePackApproval(db: Database, scope: { companyId: string; packId: string }): Promise<void> {
  const pack = await packFigures(db, scope);
  if (pack) await requireApprovalFor(db, { companyId: scope.companyId, leadId: pack.leadId }, pack.shown);
}
