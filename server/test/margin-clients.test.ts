import { MARGIN_CLIENTS_CSV_PATH } from '@pippitch/shared/margin-clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARGIN_CLIENTS_CSV_HEADER } from '../src/api/http/margin-clients-export';
import { openDesk, startDeskApp } from './desk-fixture';
import type { TestApp, TestClient } from './helpers';
import { cookieHeader } from './live-socket';
import { FLOOR_POLICY as FLOOR, QUOTE_TIME, savePitch, TRADES } from './margin-fixtures';

// Issue 32 §4: one story per client on the dashboard. The margin card and its CSV show per lead the approved margin,
// what waits, and the pitches and packs under it; one decision approves every pitch it covers. The desk's GBP/USD
// floor is 50 bps for £100k–£1m; pitches are the spec's demo ($500,000 at mid 1.3556: 1.3500 is 41.3 bps, 1.34950
// is 45.0, 1.3474 is 60.5), packs sell £100,000 a row at the pack's stated margin.
let h: TestApp;
let admin: TestClient;
let broker: TestClient;
let rival: TestClient;
let adminName: string;
let brokerName: string;

const pitch = savePitch;
const leadOf = async (c: TestClient, name: string) =>
  (await c.api.leads.list.query()).leads.find((l) => l.name === name)?.id as string;
const csv = (c: TestClient | null, range = 'today') =>
  fetch(`${h.url}${MARGIN_CLIENTS_CSV_PATH}?range=${range}`, {
    headers: c ? { cookie: cookieHeader(c.cookies) } : {},
  });

beforeAll(async () => {
  h = await startDeskApp([{ pair: 'GBPUSD', bid: 1.3555, ask: 1.3557, mid: 1.3556 }], QUOTE_TIME);
  const desk = await openDesk(h, 'Story Desk', { rival: 'Rival Story Desk' });
  ({ owner: admin, broker } = desk);
  rival = desk.rival!;
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await admin.api.margin.updatePolicy.mutate(FLOOR);
  await rival.api.margin.updatePolicy.mutate(FLOOR);
  adminName = (await admin.api.auth.session.query())?.user.fullName as string;
  brokerName = (await broker.api.auth.session.query())?.user.fullName as string;
});
afterAll(() => h?.close());

describe('one story per client on the margin card and its CSV', () => {
  it('a line per lead: the approved margin, what waits, the pitches and packs under it; one decision, one story', async () => {
    // Story Client: a pitch at 41.3 bps asked for and approved; a later one at 45.0 is covered by that decision; 30
    // bps is approved from the pack form and a pack built at it (the lowest approval stands for the band); a pack
    // at 20 is asked for and waits.
    const first = await pitch(broker, 'Story Client Ltd', '1.3500');
    const asked = await broker.api.margin.requestApproval.mutate({ calculationId: first, reason: 'Tender' });
    await admin.api.margin.decide.mutate({ id: asked.id, decision: 'approved' });
    await pitch(broker, 'Story Client Ltd', '1.34950');
    await pitch(broker, 'Story Client Ltd', '1.3474'); // above the floor: not under any approval
    const story = await leadOf(broker, 'Story Client Ltd');
    const [forPack] = await broker.api.margin.requestPackApproval.mutate({
      leadId: story,
      csv: TRADES,
      marginBps: 30,
      reason: 'Tender',
    });
    await admin.api.margin.decide.mutate({ id: forPack?.id as string, decision: 'approved' });
    expect((await broker.api.packs.create.mutate({ leadId: story, csv: TRADES, marginBps: 30 })).marginBps).toBe(30);
    await broker.api.margin.requestPackApproval.mutate({ leadId: story, csv: TRADES, marginBps: 20, reason: 'Price' });
    // Unasked Client: one pitch below the floor, never asked. Above Client: only above the floor (not listed).
    await pitch(broker, 'Unasked Client Ltd', '1.3500');
    await pitch(broker, 'Above Client Ltd', '1.3474');
    // Another desk's client below the floor, asked for: never on this desk's lines.
    const theirs = await pitch(rival, 'Rival Client Ltd', '1.3500');
    await rival.api.margin.requestApproval.mutate({ calculationId: theirs, reason: 'Theirs' });

    // The pitches are saved at the database's now(), not the test clock's: the dashboard's 'today' is their day.
    const saved = await h.t.db.selectFrom('calculations').select('created_at').executeTakeFirstOrThrow();
    h.clock.now = saved.created_at;
    const card = await admin.api.margin.conceded.query({ range: 'today' });
    expect(card.clients).toEqual([
      {
        leadId: story,
        clientName: 'Story Client Ltd',
        broker: brokerName,
        approved: [{ floorLabel: 'GBP/USD £100k–£1m', floorBps: '50', marginBps: '30.0', decidedBy: adminName }],
        waiting: 1,
        pitches: { belowFloor: 2, approved: 2, pending: 0, declined: 0, notAsked: 0 },
        lowestPitchBps: '41.3',
        packMarginsBps: [30],
      },
      {
        leadId: await leadOf(broker, 'Unasked Client Ltd'),
        clientName: 'Unasked Client Ltd',
        broker: brokerName,
        approved: [],
        waiting: 0,
        pitches: { belowFloor: 1, approved: 0, pending: 0, declined: 0, notAsked: 1 },
        lowestPitchBps: '41.3',
        packMarginsBps: [],
      },
    ]);
    // The card's counts agree with the lines: the one decision approves both of Story Client's pitches.
    expect(card.team).toMatchObject({ belowFloor: 3, approved: 2, pending: 0, unrequested: 1 });
    expect((await rival.api.margin.conceded.query({ range: 'today' })).clients.map((c) => c.clientName)).toEqual([
      'Rival Client Ltd',
    ]);

    // The CSV: the same lines, one per client, with the card's words.
    const res = await csv(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(MARGIN_CLIENTS_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    const storySummary =
      `Approved: GBP/USD £100k–£1m at 30.0 bps (floor 50 bps, ${adminName}) · 1 waiting for a decision · ` +
      '2 pitches below the floor, lowest 41.3 bps: 2 approved · 1 pack at 30 bps';
    expect(lines[1]).toBe(
      `Story Client Ltd,${brokerName},GBP/USD £100k–£1m at 30.0 bps,1,2,2,0,0,0,41.3,1,30,"${storySummary}"`,
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^Unasked Client Ltd,${brokerName},,0,1,0,0,0,1,41\\.3,0,,"No approval standing · 1 pitch below the floor, lowest 41\\.3 bps: 1 not asked · No pack"$`,
      ),
    );
  });

  it('the CSV is the admins’: a broker is refused, a signed-out caller too, a bad range is told in words', async () => {
    expect((await csv(broker)).status).toBe(403);
    expect((await csv(null)).status).toBe(401);
    const bad = await csv(admin, 'forever');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Choose the dashboard’s range: today, the last 7 days, the last month or the last quarter.',
    );
  });
});
