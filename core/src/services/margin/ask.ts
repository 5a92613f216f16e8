/**
 * Asking for an approval where the broker stands (issue 32 §2): from a saved pitch (the calculator's warning,
 * Calculation Details, the lead's details) or from a pack (its page, the share dialog). A request is for a lead, a
 * pair, a band and a margin, with the figures the admin decides on; nothing new is priced or saved to ask.
 */
import { Dec } from '@pippitch/shared/decimal';
import { type ApprovalNeed, grantCovers } from '@pippitch/shared/margin-approval';
import { APPROVAL_MESSAGES } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict, notFound } from '../../errors';
import { insertApprovalRequest, lowerPendingRequest } from '../../queries/margin/approval-writes';
import { pendingApprovalFor } from '../../queries/margin/approvals';
import { leadOfOwnPitch } from '../../queries/margin/pitches';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { type ApprovalEntry, entryById } from './approvals';
import { requestsOfLead } from './grants';
import { ownPitchMargin } from './pitch';
import { announceRequests } from './request-notice';

/**
 * Writes one pending request per need (a pair and band under its floor, at the margin shown), each with the
 * figures the admin decides on. A need already waiting for the lead, pair and band is that request, not a twin.
 */
export async function askFor(
  db: Database,
  actor: Actor,
  input: { leadId: string; needs: ApprovalNeed[]; reason: string; calculationId?: string; packId?: string },
): Promise<ApprovalEntry[]> {
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const out = await writeRequests(trx, scope, input);
    await announceRequests(trx, scope, out);
    return out;
  });
}

async function writeRequests(
  db: Database,
  scope: Scope,
  input: { leadId: string; needs: ApprovalNeed[]; reason: string; calculationId?: string; packId?: string },
): Promise<ApprovalEntry[]> {
  const out: ApprovalEntry[] = [];
  for (const need of input.needs) {
    const id = await insertApprovalRequest(db, scope, {
      calculationId: input.calculationId ?? null,
      packId: input.packId ?? null,
      leadId: input.leadId,
      reason: input.reason,
      pair: need.floor.pair,
      bandFromGbp: need.floor.band.fromGbp,
      bandToGbp: need.floor.band.toGbp,
      marginBps: need.marginBps,
      gbpPerYear: need.gbpPerYear,
      floorBps: need.floor.floorBps,
      floorLabel: need.floor.label,
    });
    if (id) {
      out.push(await entryById(db, scope, id));
      continue;
    }
    // One waits for this lead, pair and band. At a margin at or below this one it already asks for this: the
    // broker is told it waits. Above it, the admin has not been asked for this margin: its figures move down to
    // it, with the new reason, so the queue holds one request per client, pair and band, at the lowest asked.
    const waiting = await pendingApprovalFor(db, scope, {
      leadId: input.leadId,
      pair: need.floor.pair,
      bandFromGbp: need.floor.band.fromGbp,
    });
    if (!waiting || new Dec(need.marginBps).gte(waiting.marginBps)) throw conflict(APPROVAL_MESSAGES.alreadyPending);
    await lowerPendingRequest(db, scope, waiting.id, {
      marginBps: need.marginBps,
      gbpPerYear: need.gbpPerYear,
      reason: input.reason,
    });
    out.push(await entryById(db, scope, waiting.id));
  }
  return out;
}

/**
 * A member asks to use their own saved pitch below the floor (the calculator's warning, Calculation Details, the
 * lead's details): the request is for its lead, pair and band at its margin, under the floor it was made under. No
 * new pitch is saved.
 */
export async function requestApproval(
  db: Database,
  actor: Actor,
  input: { calculationId: string; reason: string },
): Promise<ApprovalEntry> {
  const scope = scopeOf(actor);
  const pitch = await ownPitchMargin(db, scope, input.calculationId);
  if (!pitch) throw notFound(APPROVAL_MESSAGES.pitchNotFound);
  const { margin, floor } = pitch;
  if (!margin) throw badRequest(APPROVAL_MESSAGES.noMid);
  if (!pitch.belowFloor || !floor) throw badRequest(APPROVAL_MESSAGES.notBelowFloor);
  // The member's own lead of the pitch: the one the calculator filed it under on Calculate (by id).
  const leadId = await leadOfOwnPitch(db, scope, pitch.calculationId);
  if (!leadId) throw badRequest(APPROVAL_MESSAGES.noLead);
  const requests = await requestsOfLead(db, scope, leadId);
  const covered = requests.some(
    (r) => r.status === 'approved' && grantCovers(r, { leadId, floor, marginBps: margin.bps, at: pitch.createdAt }),
  );
  if (covered) throw conflict(APPROVAL_MESSAGES.alreadyApproved);
  const need: ApprovalNeed = { floor, marginBps: margin.bps, gbpPerYear: margin.gbpPerYear, approvedBps: null };
  const [entry] = await askFor(db, actor, {
    leadId,
    needs: [need],
    reason: input.reason,
    calculationId: pitch.calculationId,
  });
  return entry as ApprovalEntry;
}
