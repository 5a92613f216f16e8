/**
 * Asking for an approval from a pack (issue 32 §2): its page and the share dialog (a saved pack) or the pack form (a
 * pack not yet saved, priced as creating it would). Here rather than in margin/: packs depend on the margin rules,
 * never the other way round (server/test/import-cycles.unit.test.ts).
 */

import { APPROVAL_MESSAGES } from '@pippitch/shared/margin-policy';
import { PACK_MESSAGES, packTotals } from '@pippitch/shared/pack';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../actor';
import type { ApprovalEntry } from '../margin/approvals';
import { askFor } from '../margin/ask';
import { needsOf, packFigures, packShown } from '../margin/gate';
import { draftPack } from './draft';

/**
 * A member asks for what their own pack shows below the floor: a saved pack (the share dialog, the pack's page) or
 * the pack they are building, priced as it would be saved but not saved (the pack form, refused for want of this
 * approval). One request per pair and band it needs, at the pack's margin, with its pounds a year at its volume.
 */
export async function requestPackApproval(
  db: Database,
  actor: Actor,
  input: { reason: string } & ({ packId: string } | { leadId: string; csv: string; marginBps: number }),
): Promise<ApprovalEntry[]> {
  const pack = 'packId' in input ? await savedPack(db, actor, input.packId) : await draftFigures(db, actor, input);
  const needs = await needsOf(db, { companyId: actor.companyId, leadId: pack.leadId }, pack.shown);
  if (needs.length === 0) throw badRequest(APPROVAL_MESSAGES.packNeedsNone);
  return askFor(db, actor, {
    leadId: pack.leadId,
    needs,
    reason: input.reason,
    ...('packId' in input ? { packId: input.packId } : {}),
  });
}

async function savedPack(db: Database, actor: Pick<Actor, 'userId' | 'companyId'>, packId: string) {
  const pack = await packFigures(db, { companyId: actor.companyId, packId });
  if (!pack || pack.userId !== actor.userId) throw notFound(PACK_MESSAGES.notFound);
  return pack;
}

/** The figures of a pack not yet saved, as creating it would price them (packs/draft.ts). */
async function draftFigures(db: Database, actor: Actor, input: { leadId: string; csv: string; marginBps: number }) {
  const { leadId, trades } = await draftPack(db, actor, input);
  return { leadId, shown: packShown(trades, input.marginBps, packTotals(trades).spanDays) };
}
