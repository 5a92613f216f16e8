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
import type { Actor } from '../actor';
import { type ApprovalEntry, entryById } from './approvals';
import { requestsOfLead } from './grants';
import { marginOfPitch } from './pitch';
import { announceRequests } from './request-notice';

/**
 * Writes one pending request per need (a pair and band under its floor, at the margin shown), each with the
 * figures the admin decides on. A need already waiting for the lead, pair and band is that request, not a twin.
 */
export async function askFor(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { leadId: string; needs: ApprovalNeed[]; reason: string; calculationId?: string; packId?: string },
): Promise<ApprovalEntry[]> {
  return db.transaction().execute(async (trx) => {
    const out = await writeRequests(trx, actor, input);
    await announceRequests(trx, actor, out);
    return out;
  });
}

async function writeRequests(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  input: { leadId: string; needs: ApprovalNeed[]; reason: string; calculationId?: string; packId?: string },
): Promise<ApprovalEntry[]> {
  const out: ApprovalEntry[] = [];
  for (const need of input.needs) {
    const values = {
      company_id: actor.companyId,
      calculation_id: input.calculationId ?? null,
      pack_id: input.packId ?? null,
      lead_id: input.leadId,
      requested_by: actor.userId,
      reason: input.reason,
      pair: need.floor.pair,
      band_from_gbp: need.floor.band.fromGbp,
      band_to_gbp: need.floor.band.toGbp,
      margin_bps: need.marginBps,
      gbp_per_year: need.gbpPerYear,
      floor_bps: need.floor.floorBps,
      floor_label: need.floor.label,
    };
    const row = await db
      .insertInto('margin_approvals')
      .values(values)
      .onConflict((oc) => oc.columns(['lead_id', 'pair', 'band_from_gbp']).where('status', '=', 'pending').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      out.push(await entryById(db, row.id));
      continue;
    }
    // One waits for this lead, pair and band. At a margin at or below this one it already asks for this: the
    // broker is told it waits. Above it, the admin has not been asked for this margin: its figures move down to
    // it, with the new reason, so the queue holds one request per client, pair and band, at the lowest asked.
    const waiting = await db
      .selectFrom('margin_approvals')
      .select(['id', 'margin_bps'])
      .where('lead_id', '=', input.leadId)
      .where('pair', '=', need.floor.pair)
      .where('band_from_gbp', '=', String(need.floor.band.fromGbp))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!waiting || new Dec(need.marginBps).gte(waiting.margin_bps)) throw conflict(APPROVAL_MESSAGES.alreadyPending);
    await db
      .updateTable('margin_approvals')
      .set({ margin_bps: need.marginBps, gbp_per_year: need.gbpPerYear, reason: input.reason })
      .where('id', '=', waiting.id)
      .where('status', '=', 'pending')
      .execute();
    out.push(await entryById(db, waiting.id));
  }
  return out;
}

/** The member's own lead of a pitch: the one the calculator filed it under on Calculate (by id). */
async function leadOfPitch(db: Database, actor: Pick<Actor, 'userId'>, calculationId: string) {
  return db
    .selectFrom('calculations as c')
    .innerJoin('user_leads as l', 'l.id', 'c.lead_id')
    .select('l.id')
    .where('c.id', '=', calculationId)
    .where('c.user_id', '=', actor.userId)
    .executeTakeFirst();
}

/**
 * A member asks to use their own saved pitch below the floor (the calculator's warning, Calculation Details, the
 * lead's details): the request is for its lead, pair and band at its margin, under the floor it was made under. No
 * new pitch is saved.
 */
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
  const lead = await leadOfPitch(db, actor, pitch.calculationId);
  if (!lead) throw badRequest(APPROVAL_MESSAGES.noLead);
  const requests = await requestsOfLead(db, actor.companyId, lead.id);
  const covered = requests.some(
    (r) =>
      r.status === 'approved' && grantCovers(r, { leadId: lead.id, floor, marginBps: margin.bps, at: pitch.createdAt }),
  );
  if (covered) throw conflict(APPROVAL_MESSAGES.alreadyApproved);
  const need: ApprovalNeed = { floor, marginBps: margin.bps, gbpPerYear: margin.gbpPerYear, approvedBps: null };
  const [entry] = await askFor(db, actor, {
    leadId: lead.id,
    needs: [need],
    reason: input.reason,
    calculationId: pitch.calculationId,
  });
  return entry as ApprovalEntry;
}
