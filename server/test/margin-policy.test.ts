import { randomUUID } from 'node:crypto';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { APPROVAL_MESSAGES } from '@pippitch/shared/margin-policy';
import { policyChanges } from '@pippitch/shared/margin-policy-diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesk, startDeskApp } from './desk-fixture';
import { errorOf, type TestApp, type TestClient } from './helpers';
import { FLOOR_50, QUOTE_TIME, savePitch } from './margin-fixtures';

// Issue 25: the desk's margin policy, approvals of pitches below it and the requester's notifications. The pitches
// are the spec's demo (GBP/USD, mid 1.3556, $500,000, 52 a year): 1.3500 is 41.3 bps and a £368,840 ticket.
let h: TestApp;
let owner: TestClient; // admin (the company's owner)
let admin2: TestClient; // a second admin
let broker: TestClient;
let rival: TestClient; // admin of another company
let brokerId: string;

const pitch = (c: TestClient, yourRate: string, clientName = 'Acme Widgets Ltd') => savePitch(c, clientName, yourRate);

beforeAll(async () => {
  h = await startDeskApp([{ pair: 'GBPUSD', bid: 1.3555, ask: 1.3557, mid: 1.3556 }], QUOTE_TIME);
  const desk = await openDesk(h, 'Margin Desk', { secondAdmin: true, rival: 'Rival Desk' });
  ({ owner, broker, brokerId } = desk);
  admin2 = desk.admin2!;
  rival = desk.rival!;
});
afterAll(() => h?.close());

describe('the policy', () => {
  it('is the default until an admin sets one: no floors, every Inflate Your Margin option', async () => {
    expect(await broker.api.margin.policy.query()).toEqual({ floors: {}, marginOptions: [0, 10, 20, 30, 40, 50] });
    // The session carries the options the calculator draws and the top bar's count of unread decisions.
    expect((await broker.api.auth.session.query())?.margin).toEqual({
      marginOptions: [0, 10, 20, 30, 40, 50],
      unreadDecisions: 0,
    });
  });

  it('admins set it, brokers read it, and each change is logged with who, when, old → new', async () => {
    await owner.api.margin.updatePolicy.mutate({ floors: FLOOR_50, marginOptions: [0, 10, 20] });
    expect(await broker.api.margin.policy.query()).toEqual({ floors: FLOOR_50, marginOptions: [0, 10, 20] });
    expect((await broker.api.auth.session.query())?.margin.marginOptions).toEqual([0, 10, 20]);
    expect((await rival.api.auth.session.query())?.margin.marginOptions).toEqual([0, 10, 20, 30, 40, 50]);
    const log = (await owner.api.margin.policyLog.query()).changes;
    expect(log[0]).toMatchObject({
      changedBy: 'Ada Admin',
      before: { floors: {}, marginOptions: [0, 10, 20, 30, 40, 50] },
      after: { floors: FLOOR_50, marginOptions: [0, 10, 20] },
    });
    // Another company's policy is its own.
    expect(await rival.api.margin.policy.query()).toEqual({ floors: {}, marginOptions: [0, 10, 20, 30, 40, 50] });
    expect(await rival.api.margin.policyLog.query()).toEqual({ changes: [], nextCursor: null });
  });

  it('the full log pages newest first, each change with its old → new; another company reads none of it', async () => {
    const TOP_40 = { GBPUSD: [...FLOOR_50.GBPUSD, { fromGbp: 1_000_000, toGbp: null, floorBps: 40 }] };
    await owner.api.margin.updatePolicy.mutate({ floors: TOP_40, marginOptions: [0, 10, 20] });
    await admin2.api.margin.updatePolicy.mutate({ floors: FLOOR_50, marginOptions: [0, 10, 20] }); // back again
    const first = await owner.api.margin.policyLog.query({ limit: 2 });
    expect(first.changes.map((c) => [c.changedBy, policyChanges(c.before, c.after)])).toEqual([
      ['admin second@margindesk.co.uk', ['GBP/USD over £1m: 40 bps → no floor']],
      ['Ada Admin', ['GBP/USD over £1m: no floor → 40 bps']],
    ]);
    expect(first.nextCursor).toBe(first.changes[1]?.id);
    const older = await owner.api.margin.policyLog.query({ limit: 2, cursor: first.nextCursor });
    expect(older.nextCursor).toBeNull();
    expect(older.changes.map((c) => policyChanges(c.before, c.after))).toEqual([
      [
        'GBP/USD £100k–£1m: no floor → 50 bps',
        'Inflate Your Margin: None, 10, 20, 30, 40 and 50 pips → None, 10 and 20 pips',
      ],
    ]);
    // Another company's admin, given this company's cursor, reads nothing; a bad cursor is a 400.
    expect(await rival.api.margin.policyLog.query({ limit: 2, cursor: first.nextCursor })).toEqual({
      changes: [],
      nextCursor: null,
    });
    expect((await errorOf(owner.api.margin.policyLog.query({ limit: 2, cursor: -1 }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(owner.api.margin.policyLog.query({ limit: 500 }))).code).toBe('BAD_REQUEST');
  });

  it("refuses a pitch with an 'Inflate Your Margin' option the desk does not allow", async () => {
    const save = broker.api.calculator.save.mutate({
      id: randomUUID(),
      pair: 'GBPUSD',
      yourRate: '1.3500',
      competitorRate: '1.3400',
      amount: '500000',
      tradesPerYear: 52,
      marginPips: 30,
      comparisonDate: '2026-11-22',
    });
    expect(await errorOf(save)).toEqual({
      code: 'BAD_REQUEST',
      message: "Your desk allows 'Inflate Your Margin' of None, 10 and 20 pips only",
    });
  });

  it('refuses brokers and bad policies with clear messages', async () => {
    expect(await errorOf(broker.api.margin.updatePolicy.mutate({ floors: {}, marginOptions: [0] }))).toEqual({
      code: 'FORBIDDEN',
      message: ACCESS_MESSAGES.noAdminAccess,
    });
    const overlap = {
      floors: {
        GBPUSD: [
          { fromGbp: 0, toGbp: 200_000, floorBps: 50 },
          { fromGbp: 100_000, toGbp: null, floorBps: 40 },
        ],
      },
      marginOptions: [0],
    };
    const e = await errorOf(owner.api.margin.updatePolicy.mutate(overlap));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain('Bands overlap: under £200k and over £100k');
    const tooHigh = { floors: { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 600 }] }, marginOptions: [0] };
    expect((await errorOf(owner.api.margin.updatePolicy.mutate(tooHigh))).message).toContain(
      'A floor is at most 500 bps',
    );
  });
});

describe('approvals', () => {
  it('a pitch below the floor: its margin, the floor of its time, and a request with a reason', async () => {
    const id = await pitch(broker, '1.3500');
    expect(await broker.api.margin.pitch.query({ calculationId: id })).toMatchObject({
      margin: { bps: '41.3', gbpPerTrade: '1530.00', gbpPerYear: '79560.23', ticketGbp: '368840.37' },
      floor: { floorBps: 50, label: 'GBP/USD £100k–£1m' },
      belowFloor: true,
    });
    const request = await broker.api.margin.requestApproval.mutate({ calculationId: id, reason: 'Strategic account' });
    expect(request).toMatchObject({
      status: 'pending',
      marginBps: '41.3',
      floorBps: '50',
      floorLabel: 'GBP/USD £100k–£1m',
      requestedBy: 'junior broker@margindesk.co.uk',
      clientName: 'Acme Widgets Ltd',
    });
    // One open request per pitch.
    expect(await errorOf(broker.api.margin.requestApproval.mutate({ calculationId: id, reason: 'Again' }))).toEqual({
      code: 'CONFLICT',
      message: APPROVAL_MESSAGES.alreadyPending,
    });
    expect((await owner.api.margin.queue.query()).map((r) => r.id)).toEqual([request.id]);
    expect(await rival.api.margin.queue.query()).toEqual([]);
  });

  it('a pitch at or above the floor needs none; another member’s pitch cannot be asked for', async () => {
    // 1.3488: (1.3556 − 1.3488) ÷ 1.3556 = 50.2 bps.
    const fine = await pitch(broker, '1.3488', 'Fine Margins Ltd');
    expect(await errorOf(broker.api.margin.requestApproval.mutate({ calculationId: fine, reason: 'x' }))).toEqual({
      code: 'BAD_REQUEST',
      message: APPROVAL_MESSAGES.notBelowFloor,
    });
    // Saved with no quote for the pair (the server holds GBP/USD only): no mid, nothing to measure, nothing to ask.
    const noMid = randomUUID();
    await broker.api.calculator.save.mutate({
      id: noMid,
      pair: 'GBPNOK',
      yourRate: '13.4000',
      competitorRate: '13.3000',
      amount: '500000',
      tradesPerYear: 52,
      marginPips: 0,
      comparisonDate: '2026-11-22',
    });
    expect(await broker.api.margin.pitch.query({ calculationId: noMid })).toMatchObject({
      margin: null,
      belowFloor: false,
    });
    expect(await errorOf(broker.api.margin.requestApproval.mutate({ calculationId: noMid, reason: 'x' }))).toEqual({
      code: 'BAD_REQUEST',
      message: APPROVAL_MESSAGES.noMid,
    });
    const owners = await pitch(owner, '1.3500', 'Owner Client Ltd');
    expect(await errorOf(broker.api.margin.requestApproval.mutate({ calculationId: owners, reason: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      message: APPROVAL_MESSAGES.pitchNotFound,
    });
    expect((await errorOf(rival.api.margin.pitch.query({ calculationId: owners }))).code).toBe('NOT_FOUND');
  });

  it('brokers cannot decide; another company cannot see or decide; nobody decides their own', async () => {
    const [request] = await owner.api.margin.queue.query();
    if (!request) throw new Error('expected a pending request');
    expect(await errorOf(broker.api.margin.decide.mutate({ id: request.id, decision: 'approved' }))).toEqual({
      code: 'FORBIDDEN',
      message: ACCESS_MESSAGES.noAdminAccess,
    });
    expect(await errorOf(rival.api.margin.decide.mutate({ id: request.id, decision: 'approved' }))).toEqual({
      code: 'NOT_FOUND',
      message: APPROVAL_MESSAGES.requestNotFound,
    });
    const mine = await pitch(owner, '1.3500', 'Own Pitch Ltd');
    const own = await owner.api.margin.requestApproval.mutate({ calculationId: mine, reason: 'Mine' });
    expect(await errorOf(owner.api.margin.decide.mutate({ id: own.id, decision: 'approved' }))).toEqual({
      code: 'FORBIDDEN',
      message: APPROVAL_MESSAGES.ownRequest,
    });
    expect((await owner.api.margin.queue.query()).find((r) => r.id === request.id)?.status).toBe('pending');
  });

  it('two admins deciding at once: one decision, the other told who decided', async () => {
    const [request] = (await owner.api.margin.queue.query()).filter((r) => r.clientName === 'Acme Widgets Ltd');
    if (!request) throw new Error('expected a pending request');
    const results = await Promise.allSettled([
      owner.api.margin.decide.mutate({ id: request.id, decision: 'approved', note: 'Fine for this one' }),
      admin2.api.margin.decide.mutate({ id: request.id, decision: 'declined', note: 'No' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const decided = (won[0] as PromiseFulfilledResult<{ status: string; decidedBy: string | null }>).value;
    expect((lost[0] as PromiseRejectedResult).reason.message).toBe(
      APPROVAL_MESSAGES.alreadyDecided(decided.status as 'approved' | 'declined', decided.decidedBy ?? ''),
    );
    // One notification and one e-mail, for the one decision.
    const notes = await broker.api.margin.notifications.query();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: `margin_${decided.status}`, read: false, link: '/leads' });
    const mails = await h.t.db
      .selectFrom('email_outbox as e')
      .innerJoin('user_profiles as u', 'u.email', 'e.to_address')
      .select(['e.template', 'e.subject', 'e.text_body'])
      .where('u.id', '=', brokerId)
      .where('e.template', 'like', 'margin-%')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.template).toBe(`margin-${decided.status}`);
    expect(mails[0]?.text_body).toContain("below the desk's floor of 50 bps for GBP/USD £100k–£1m");
    // Asked from the lead's pitch: the button opens the leads and says so, approved or declined (issue 31 §6).
    expect(mails[0]?.text_body).toMatch(/Open your leads/);
    expect((await broker.api.margin.myRequests.query())[0]).toMatchObject({ status: decided.status });
    // The top bar's badge: one unread decision for the broker, none for anyone else, none once read.
    expect((await broker.api.auth.session.query())?.margin.unreadDecisions).toBe(1);
    expect((await owner.api.auth.session.query())?.margin.unreadDecisions).toBe(0);
    expect(await broker.api.margin.markNotificationsRead.mutate()).toBe(1);
    expect((await broker.api.margin.notifications.query())[0]?.read).toBe(true);
    expect((await broker.api.auth.session.query())?.margin.unreadDecisions).toBe(0);
  });

  it('the decision is kept with the pitch’s record: each pitch to the client with its margin and decision', async () => {
    const records = await broker.api.margin.pitchesToClient.query({ companyName: 'Acme Widgets Ltd' });
    expect(records).toHaveLength(1);
    const [acme] = records;
    const mine = await broker.api.margin.myRequests.query();
    const decided = mine.find((r) => r.clientName === 'Acme Widgets Ltd');
    expect(acme).toMatchObject({
      margin: { bps: '41.3' },
      floor: { floorBps: 50 },
      belowFloor: true,
      approval: { status: decided?.status, reason: 'Strategic account', decidedBy: decided?.decidedBy },
    });
    // Another member's pitches to a client are theirs: the owner has none to Acme Widgets.
    expect(await owner.api.margin.pitchesToClient.query({ companyName: 'Acme Widgets Ltd' })).toEqual([]);
    // At or above the floor: no warning, no decision.
    expect((await broker.api.margin.pitchesToClient.query({ companyName: 'Fine Margins Ltd' }))[0]).toMatchObject({
      margin: { bps: '50.2' },
      belowFloor: false,
      approval: null,
    });
  });

  it('two requests for one pitch at once: one is kept, the other told it is already waiting', async () => {
    const id = await pitch(broker, '1.3500', 'Race Conditions Ltd');
    const results = await Promise.allSettled([
      broker.api.margin.requestApproval.mutate({ calculationId: id, reason: 'First' }),
      broker.api.margin.requestApproval.mutate({ calculationId: id, reason: 'Second' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined;
    expect(lost?.reason.message).toBe(APPROVAL_MESSAGES.alreadyPending);
    const rows = await h.t.db.selectFrom('margin_approvals').select('id').where('calculation_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('the approve and decline e-mails are on /email-preview', async () => {
    const keys = (await owner.api.emails.previews.query()).map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['margin-approved', 'margin-declined']));
  });
});
