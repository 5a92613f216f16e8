import { londonDateOf } from '@pippitch/shared/time';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemScope } from '../../core/src/queries/scope';
import { marginConceded } from '../../core/src/services/margin/conceded';
import { sendRequestDigest } from '../../core/src/services/margin/request-digest';
import { errorOf } from './helpers';
import {
  admin,
  admin2,
  askAndApprove,
  below,
  broker,
  FLOOR,
  h,
  leadId,
  pack,
  pdf,
  pdfRefusal,
  pitch,
  rival,
  TRADES,
  useGateDesk,
} from './margin-gate-fixture';

// Issue 32 §1: every artefact is judged on its own figures (the desk: margin-gate-fixture.ts).
useGateDesk();

describe('walk-rounds of issue 32, each refused until the matching approval exists', () => {
  it('a throwaway pitch above the floor does not let a pack at 10 bps through', async () => {
    await pitch('Throwaway Prospect Ltd', '1.3500'); // 41.3 bps: below
    await pitch('Throwaway Prospect Ltd', '1.3474'); // 60.5 bps: the throwaway pitch above the floor
    const lead = await leadId('Throwaway Prospect Ltd');
    expect(await errorOf(pack(lead, 10))).toEqual({ code: 'FORBIDDEN', message: below(10) });
    // At the floor it needs nothing.
    expect((await pack(lead, 50)).marginBps).toBe(50);
  });

  it('a lead never pitched gets no 10 bps pack straight away', async () => {
    const added = await broker.api.leads.add.mutate({ name: 'Never Pitched Ltd', source: 'manual_search' });
    expect(await errorOf(pack(added.lead.id, 10))).toEqual({ code: 'FORBIDDEN', message: below(10) });
    await askAndApprove(added.lead.id, 10);
    expect((await pack(added.lead.id, 10)).marginBps).toBe(10);
  });

  it('a pitch under a near-identical name neither gates nor frees the lead: the pack’s own figures do', async () => {
    await pitch('Northwind Traders Ltd', '1.3474'); // the lead, above the floor
    const lead = await leadId('Northwind Traders Ltd');
    const nearby = await pitch('Northwind Trader Ltd', '1.3500'); // filed under the same lead by the matcher
    expect(await errorOf(pack(lead, 20))).toEqual({ code: 'FORBIDDEN', message: below(20) });
    // Asked from that pitch, the approval is the lead's (by id): 41.3 bps covers a pack at 41.3 or more only.
    const asked = await broker.api.margin.requestApproval.mutate({ calculationId: nearby, reason: 'Long client' });
    expect(asked).toMatchObject({ leadId: lead, pair: 'GBPUSD', marginBps: '41.3', floorBps: '50' });
    await admin.api.margin.decide.mutate({ id: asked.id, decision: 'approved' });
    expect(await errorOf(pack(lead, 40))).toMatchObject({ code: 'FORBIDDEN' });
    // Another lead is not covered by it.
    await pitch('Northwind Logistics Ltd', '1.3474');
    expect(await errorOf(pack(await leadId('Northwind Logistics Ltd'), 40))).toMatchObject({ code: 'FORBIDDEN' });
    // One story for the client on the margin card: its pitches below the floor (the near-identical one and a later
    // one at 45.0 bps) are approved by the one decision, never '1 approved, 1 not asked'.
    await pitch('Northwind Traders Ltd', '1.34950'); // 45.0 bps: at or above the approved 41.3
    const northwind = await h.t.db
      .selectFrom('calculations')
      .select(['lead_id', 'margin_below_floor', 'company_id', 'created_at'])
      .where('lead_id', '=', lead)
      .execute();
    // The pitches are saved at the database's now(), not the test clock's: the card's service over their day.
    const day = londonDateOf(northwind[0]?.created_at as Date);
    const card = await marginConceded(h.t.db, systemScope('system:reports', northwind[0]?.company_id as string), {
      start: day,
      end: day,
    });
    expect(northwind.filter((c) => c.margin_below_floor)).toHaveLength(2);
    // The desk's other below-floor pitches (the throwaway prospect's 41.3) are not asked; Northwind's two approved.
    expect(card.team).toMatchObject({ belowFloor: 3, approved: 2, unrequested: 1, pending: 0, declined: 0 });
  });

  it('a pack at a lower margin than approved, its share link and its PDF: each needs an approval of that margin', async () => {
    await pitch('Lower Margin Ltd', '1.3474');
    const lead = await leadId('Lower Margin Ltd');
    await askAndApprove(lead, 30);
    const at30 = await pack(lead, 30);
    expect((await broker.api.packs.share.mutate({ id: at30.id })).url).toContain('/p/');
    expect((await pdf(at30.id)).status).toBe(200);
    // The walkthrough's pack: lower than approved.
    const lower =
      "This pack shows 10.0 bps, below the 30 bps approved under the desk's floor of 50 bps for GBP/USD £100k–£1m: ask for approval of 10.0 bps";
    expect(await errorOf(pack(lead, 10))).toEqual({ code: 'FORBIDDEN', message: lower });
    // A pack saved at 10 bps before the floor existed: its link and PDF are judged on its figures now.
    await admin.api.margin.updatePolicy.mutate({ floors: {}, marginOptions: [0, 10, 20, 30, 40, 50] });
    const at10 = await pack(lead, 10);
    await admin.api.margin.updatePolicy.mutate(FLOOR(50));
    expect(await errorOf(broker.api.packs.share.mutate({ id: at10.id }))).toEqual({
      code: 'FORBIDDEN',
      message: below(10),
    });
    expect(await pdfRefusal(at10.id)).toEqual({ status: 403, message: below(10) });
    // Asked from the share dialog (the saved pack) and approved: the link and PDF go out.
    const asked = await broker.api.margin.requestPackApproval.mutate({ packId: at10.id, reason: 'Board approved' });
    expect(asked.map((r) => [r.marginBps, r.floorBps, r.floorLabel, r.packId])).toEqual([
      ['10.0', '50', 'GBP/USD £100k–£1m', at10.id],
    ]);
    expect(await errorOf(broker.api.packs.share.mutate({ id: at10.id }))).toMatchObject({ code: 'FORBIDDEN' });
    await admin.api.margin.decide.mutate({ id: asked[0]?.id as string, decision: 'approved' });
    expect((await broker.api.packs.share.mutate({ id: at10.id })).url).toContain('/p/');
    expect((await pdf(at10.id)).status).toBe(200);
    // The decision's e-mail opens the pack it was asked from, and its button says so (issue 31 §6).
    const mail = await h.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', 'broker@gatedesk.co.uk')
      .where('template', '=', 'margin-approved')
      .where('text_body', 'like', '%Lower Margin Ltd%10.0 bps%')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(new RegExp(`Open the evidence pack: \\S+/packs/${at10.id}`));
  });
});

describe('an approval lasts until withdrawn or the floor moves', () => {
  let lead: string;
  let packId: string;
  let approvalId: string;

  it('withdrawing re-gates new links and PDFs; a second withdrawal is told who did it', async () => {
    await pitch('Withdrawn Ltd', '1.3474');
    lead = await leadId('Withdrawn Ltd');
    [approvalId] = (await askAndApprove(lead, 20)) as [string];
    packId = (await pack(lead, 20)).id;
    expect((await admin.api.margin.standing.query()).map((a) => a.id)).toContain(approvalId);
    expect(await errorOf(broker.api.margin.withdraw.mutate({ id: approvalId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await errorOf(rival.api.margin.withdraw.mutate({ id: approvalId }))).toMatchObject({ code: 'NOT_FOUND' });
    const withdrawn = await admin.api.margin.withdraw.mutate({ id: approvalId });
    expect(withdrawn).toMatchObject({ endedReason: 'withdrawn', endedBy: 'Ada Admin' });
    expect(await errorOf(admin2.api.margin.withdraw.mutate({ id: approvalId }))).toEqual({
      code: 'CONFLICT',
      message: 'This approval was already ended by Ada Admin',
    });
    expect((await admin.api.margin.standing.query()).map((a) => a.id)).not.toContain(approvalId);
    expect(await errorOf(broker.api.packs.share.mutate({ id: packId }))).toEqual({
      code: 'FORBIDDEN',
      message: below(20),
    });
    expect((await pdf(packId)).status).toBe(403);
    expect(await errorOf(pack(lead, 20))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('raising the floor ends the approvals of that band; another pair’s change leaves them standing', async () => {
    await askAndApprove(lead, 20);
    expect((await broker.api.packs.share.mutate({ id: packId })).url).toContain('/p/');
    // Another pair's floor: the GBP/USD approval stands.
    await admin.api.margin.updatePolicy.mutate({
      ...FLOOR(50),
      floors: { ...FLOOR(50).floors, GBPEUR: [{ fromGbp: 0, toGbp: null, floorBps: 5 }] },
    });
    expect((await broker.api.packs.share.mutate({ id: packId })).url).toContain('/p/');
    await admin.api.margin.updatePolicy.mutate(FLOOR(60));
    expect(await errorOf(broker.api.packs.share.mutate({ id: packId }))).toEqual({
      code: 'FORBIDDEN',
      message: below(20, 60),
    });
    expect((await pdf(packId)).status).toBe(403);
    const ended = (await broker.api.margin.myRequests.query()).find((r) => r.endedReason === 'policy');
    expect(ended).toMatchObject({ status: 'approved', endedBy: 'a policy change' });
  });

  it('a request asked under a floor that has moved cannot be approved', async () => {
    const [asked] = await broker.api.margin.requestPackApproval.mutate({
      packId,
      reason: 'Still needed',
    });
    await admin.api.margin.updatePolicy.mutate(FLOOR(55));
    expect(await errorOf(admin.api.margin.decide.mutate({ id: asked?.id as string, decision: 'approved' }))).toEqual({
      code: 'CONFLICT',
      message:
        "The desk's floor for this band has changed since this was asked: decline it, and the broker can ask again under the floor in force",
    });
    await admin.api.margin.decide.mutate({ id: asked?.id as string, decision: 'declined' });
  });
});

describe('asking', () => {
  it('one request per lead, pair and band: asking again at a lower margin moves it down, not a twin', async () => {
    await pitch('One Request Ltd', '1.3474');
    const lead = await leadId('One Request Ltd');
    const draft = { leadId: lead, csv: TRADES, reason: 'Tender' };
    const [first] = await broker.api.margin.requestPackApproval.mutate({ ...draft, marginBps: 30 });
    const [again] = await broker.api.margin.requestPackApproval.mutate({ ...draft, marginBps: 20 });
    expect(again?.id).toBe(first?.id);
    expect(again?.marginBps).toBe('20.0');
    const queue = (await admin.api.margin.queue.query()).filter((r) => r.leadId === lead);
    expect(queue).toHaveLength(1);
  });

  it('the admins get one e-mail for the requests asked within a few minutes, queued as a job', async () => {
    const company = await h.t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Gate Desk')
      .executeTakeFirstOrThrow();
    const queued = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss_v12.job
      WHERE name = 'margin-request-digest' AND singleton_key = ${company.id}`.execute(h.t.db);
    expect(queued.rows[0]?.n).toBeGreaterThanOrEqual(1);
    const sent = await sendRequestDigest(h.t.db, company.id, { appUrl: h.url, now: h.clock.now });
    expect(sent).toBeGreaterThanOrEqual(1);
    const mails = await h.t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'text_body'])
      .where('template', '=', 'margin-requests')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(['owner@gatedesk.co.uk', 'second@gatedesk.co.uk'].sort());
    expect(mails[0]?.text_body).toContain('One Request Ltd: GBP/USD £100k–£1m at 20.0 bps against the floor of 55 bps');
    // Each request is e-mailed once: a second run (a retry, the next job) sends nothing.
    expect(await sendRequestDigest(h.t.db, company.id, { appUrl: h.url, now: h.clock.now })).toBe(0);
  });

  it('two admins deciding at once: one decision', async () => {
    await pitch('Race Ltd', '1.3474');
    const lead = await leadId('Race Ltd');
    const [asked] = await broker.api.margin.requestPackApproval.mutate({
      leadId: lead,
      csv: TRADES,
      marginBps: 10,
      reason: 'Race',
    });
    const id = asked?.id as string;
    const results = await Promise.allSettled([
      admin.api.margin.decide.mutate({ id, decision: 'approved' }),
      admin2.api.margin.decide.mutate({ id, decision: 'declined' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await h.t.db.selectFrom('margin_approvals').select('status').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const notes = await h.t.db
      .selectFrom('notifications')
      .select('kind')
      .where('kind', 'in', ['margin_approved', 'margin_declined'])
      .where('title', 'like', '%Race Ltd%')
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('nothing to ask for a pack at the floor; another member’s pack or lead is not found', async () => {
    await admin.api.margin.updatePolicy.mutate(FLOOR(50));
    await pitch('At Floor Ltd', '1.3474');
    const lead = await leadId('At Floor Ltd');
    expect(
      await errorOf(
        broker.api.margin.requestPackApproval.mutate({ leadId: lead, csv: TRADES, marginBps: 50, reason: 'x' }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: "This pack meets the desk's floors or is already approved: it needs no approval",
    });
    expect(
      await errorOf(
        rival.api.margin.requestPackApproval.mutate({ leadId: lead, csv: TRADES, marginBps: 10, reason: 'x' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const saved = await pack(lead, 50);
    expect(await errorOf(admin.api.margin.requestPackApproval.mutate({ packId: saved.id, reason: 'x' }))).toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });
});
