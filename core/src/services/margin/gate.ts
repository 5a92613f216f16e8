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
import { packFiguresRecord } from '../../queries/margin/pack-figures';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
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
  actor: Actor,
  { leadId, shown }: { leadId: string; shown: readonly ShownMargin[] },
): Promise<ApprovalNeed[]> {
  const scope = scopeOf(actor);
  const [policy, requests] = await Promise.all([policyAt(db, scope), requestsOfLead(db, scope, leadId)]);
  return approvalsNeeded(
    policy,
    leadId,
    shown,
    requests.filter((r) => r.status === 'approved'),
  );
}

/** Refuses (403, in words naming the figure and the floor) an artefact of a lead that shows an unapproved margin. */
export async function requireApprovalFor(
  db: Database,
  actor: Actor,
  input: { leadId: string; shown: readonly ShownMargin[] },
): Promise<void> {
  const [need] = await needsOf(db, actor, input);
  if (need) throw forbidden(approvalNeededText(need, 'This pack'));
}

/** A saved pack's figures and lead, read in the caller's company; null for a pack it cannot see. */
export async function packFigures(db: Database, actor: Actor, packId: string) {
  const row = await packFiguresRecord(db, scopeOf(actor), packId);
  if (!row) return null;
  const spanDays = Number((row.totals as { spanDays?: number } | null)?.spanDays ?? 30);
  return {
    leadId: row.leadId,
    userId: row.userId,
    shown: packShown(packTradesRecord.parse(row.trades), row.marginBps, spanDays),
  };
}

/** The gate of a saved pack's share link and PDF. An unknown pack is the caller's own 404 to give. */
export async function requirePackApproval(db: Database, actor: Actor, packId: string): Promise<void> {
  const pack = await packFigures(db, actor, packId);
  if (pack) await requireApprovalFor(db, actor, { leadId: pack.leadId, shown: pack.shown });
}
