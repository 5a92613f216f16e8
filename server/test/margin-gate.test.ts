import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteHub } from '../src/services/market/live-quotes';
import {
  addMember,
  errorOf,
  ownerOfNewCompany,
  signedIn,
  startTestApp,
  type TestApp,
  type TestClient,
} from './helpers';

// Issue 25 §2: a new evidence pack, share link or PDF for a lead whose latest pitch is below the desk's floor needs
// an approved request. Pitches are the spec's demo: GBP/USD mid 1.3556, $500,000 (a £368,840 ticket); 1.3500 is
// 41.3 bps, under a 50 bps floor for £100k–£1m; 1.3488 is 50.2 bps, above it.
let h: TestApp;
let admin: TestClient;
let broker: TestClient;
let cookie: string;

const QUOTE_TIME = Date.parse('2026-11-22T10:15:30Z');
const BLOCKED =
  "This pitch is below the desk's floor of 50 bps for GBP/USD £100k–£1m: ask an admin to approve it first";
const TRADES = [
  'date,time,pair,direction,amount,rate',
  '2025-10-29,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-30,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-31,14:05,GBPUSD,sell,100000,1.3000',
].join('\n');

async function pitch(clientName: string, yourRate: string): Promise<string> {
  const id = randomUUID();
  await broker.api.calculator.save.mutate({
    id,
    pair: 'GBPUSD',
    yourRate,
    competitorRate: '1.3400',
    amount: '500000',
    tradesPerYear: 52,
    marginPips: 0,
    comparisonDate: '2026-11-22',
    clientName,
  });
  return id;
}

async function leadId(name: string): Promise<string> {
  const lead = (await broker.api.leads.list.query()).leads.find((l) => l.name === name);
  if (!lead) throw new Error(`no lead ${name}`);
  return lead.id;
}

const pdf = (packId: string) => fetch(`${h.url}/api/packs/${packId}.pdf`, { headers: { cookie } });

beforeAll(async () => {
  h = await startTestApp({}, (t) => {
    const quotes = new QuoteHub(t.db, t.url);
    quotes.publish([
      { pair: 'GBPUSD', bid: 1.3555, ask: 1.3557, mid: 1.3556, timestamp: QUOTE_TIME, source: 'simulated' },
    ]);
    return { quotes };
  });
  h.clock.now = new Date(QUOTE_TIME + 30_000);
  const desk = await ownerOfNewCompany(h, 'Gate Desk');
  admin = desk.c;
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await addMember(h, 'Gate Desk', 'broker@gatedesk.co.uk', 'junior');
  broker = await signedIn(h, 'broker@gatedesk.co.uk');
  cookie = [...broker.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(() => h?.close());

describe('the margin gate', () => {
  let earlyPack: string;

  it('a policy change applies only to later pitches', async () => {
    // Pitched before any floor: its pack, link and PDF go out as ever.
    await pitch('Early Prospect Ltd', '1.3500');
    const early = await leadId('Early Prospect Ltd');
    earlyPack = (await broker.api.packs.create.mutate({ leadId: early, csv: TRADES })).id;
    await admin.api.margin.updatePolicy.mutate({
      floors: { GBPUSD: [{ fromGbp: 100_000, toGbp: 1_000_000, floorBps: 50 }] },
      marginOptions: [0, 10, 20, 30, 40, 50],
    });
    // The same pitch, made before the change, is still judged by the policy of its time.
    await broker.api.packs.create.mutate({ leadId: early, csv: TRADES });
    expect((await broker.api.packs.share.mutate({ id: earlyPack })).url).toContain('/p/');
    expect((await pdf(earlyPack)).status).toBe(200);
    // A pitch made after it, at the same rate, is below the floor.
    await pitch('Late Prospect Ltd', '1.3500');
    expect(
      await errorOf(broker.api.packs.create.mutate({ leadId: await leadId('Late Prospect Ltd'), csv: TRADES })),
    ).toEqual({ code: 'FORBIDDEN', message: BLOCKED });
    // At or above the floor, nothing is asked.
    await pitch('Fair Prospect Ltd', '1.3488');
    await broker.api.packs.create.mutate({ leadId: await leadId('Fair Prospect Ltd'), csv: TRADES });
  });

  it('the lead’s latest pitch decides: re-pitched below the floor, its pack’s new link and PDF wait for approval', async () => {
    const repitch = await pitch('Early Prospect Ltd', '1.3500');
    expect(await errorOf(broker.api.packs.share.mutate({ id: earlyPack }))).toEqual({
      code: 'FORBIDDEN',
      message: BLOCKED,
    });
    const refused = await pdf(earlyPack);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(BLOCKED);
    // Declined: still blocked, and the broker is told.
    const first = await broker.api.margin.requestApproval.mutate({ calculationId: repitch, reason: 'Key account' });
    expect((await errorOf(broker.api.packs.share.mutate({ id: earlyPack }))).message).toBe(BLOCKED);
    await admin.api.margin.decide.mutate({ id: first.id, decision: 'declined', note: 'Price it at the floor' });
    expect((await errorOf(broker.api.packs.share.mutate({ id: earlyPack }))).message).toBe(BLOCKED);
    expect((await broker.api.margin.notifications.query())[0]).toMatchObject({
      kind: 'margin_declined',
      body: 'Ada Admin: Price it at the floor',
    });
    // Asked again and approved: the link and the PDF go out.
    const second = await broker.api.margin.requestApproval.mutate({ calculationId: repitch, reason: 'Board approved' });
    await admin.api.margin.decide.mutate({ id: second.id, decision: 'approved' });
    expect((await broker.api.packs.share.mutate({ id: earlyPack })).url).toContain('/p/');
    expect((await pdf(earlyPack)).status).toBe(200);
    expect((await broker.api.margin.notifications.query())[0]).toMatchObject({ kind: 'margin_approved' });
    const mails = await h.t.db
      .selectFrom('email_outbox')
      .select('template')
      .where('to_address', '=', 'broker@gatedesk.co.uk')
      .where('template', 'like', 'margin-%')
      .orderBy('created_at')
      .execute();
    expect(mails.map((m) => m.template)).toEqual(['margin-declined', 'margin-approved']);
  });

  it('an approval covers its pitch only: a newer pitch below the floor needs its own', async () => {
    await pitch('Early Prospect Ltd', '1.3499');
    expect((await errorOf(broker.api.packs.share.mutate({ id: earlyPack }))).message).toBe(BLOCKED);
  });
});
