import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@pippitch/shared/logo';
import { simulatedTradesNote, tradeSourceText } from '@pippitch/shared/pack';
import { SHARE_LINK_MESSAGES, sharedLogoUrl } from '@pippitch/shared/pack-share';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  errorOf,
  signedIn,
  signUp,
  signupInput,
  startTestApp,
  type TestApp,
  type TestClient,
} from '../helpers';
import { compressBars } from './fixtures';

// Issue 14 §3: evidence packs from a prospect's past trades, priced at each trade's minute.
let h: TestApp;
let ada: TestClient; // the company's owner (an admin)
let bob: TestClient; // a broker
let carol: TestClient; // another broker in the same company
let rival: TestClient; // an admin of another company
let leadId: string;
const NOW = new Date('2025-11-10T12:00:00Z');

/** Bars with hand-picked closes (UTC minutes), so every figure below is worked by hand. */
const BARS: [string, string, number][] = [
  ['GBPUSD', '2025-10-29T14:05:00Z', 1.31],
  ['EURGBP', '2025-10-29T14:05:00Z', 0.88],
  ['EURUSD', '2025-10-29T14:05:00Z', 1.16],
  // Friday's last bar before the weekend.
  ['GBPUSD', '2025-10-31T21:59:00Z', 1.3],
  // 03:00 London on the spring-forward Sunday is 02:00 UTC; 01:30 on the autumn Sunday is first 00:30 UTC (BST).
  ['GBPUSD', '2025-03-30T02:00:00Z', 1.29],
  ['GBPUSD', '2025-10-26T00:30:00Z', 1.28],
];

const HEADER = 'date,time,pair,direction,amount,rate';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const HAND_WORKED = csv(
  '2025-10-29,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-29,14:05,GBPUSD,buy,"100,000",1.3200',
  '29/10/2025,14:05,GBP/EUR,sell,50000,1.1250',
  '2025-10-29,14:05,EURUSD,buy,10000,1.1700',
  '2025-10-31,22:02,GBPUSD,sell,100000,1.2900',
  '2025-11-01,12:00,GBPUSD,sell,100000,1.2900',
  '2025-03-30,03:00,GBPUSD,sell,100000,1.2800',
  '2025-10-26,01:30,GBPUSD,sell,100000,1.2700',
  '2025-03-30,01:30,GBPUSD,sell,100000,1.2800',
  '2025-10-29,14:05,USDJPY,sell,100000,150',
  '2025-10-29,25:00,GBPUSD,sell,100000,1.3',
  '2025-10-29,14:05,GBPUSD,hold,100000,1.3',
  '2025-10-29,14:05,GBPUSD,sell,-5,1.3',
  '2025-10-29,14:05,GBPUSD,sell,100000',
);

beforeAll(async () => {
  h = await startTestApp();
  h.clock.now = NOW;
  for (const [pair, ts, close] of BARS) {
    // EUR/USD's minute is a real (Dukascopy) one; the rest are the bundled set's simulated minutes.
    const source = pair === 'EURUSD' ? 'dukascopy' : 'ecb_sim';
    await sql`INSERT INTO fx_minute_bars VALUES (${pair}, ${ts}::timestamptz, ${close}, ${close}, ${close}, ${close}, ${source})`.execute(
      h.t.db,
    );
  }
  await compressBars(h.t.db);
  ada = h.client();
  await signUp(h.t.db, ada, signupInput());
  rival = h.client();
  await signUp(h.t.db, rival, signupInput({ companyName: 'Rival FX', companyDomain: 'rival.io', email: 'r@rival.io' }));
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await addMember(h, 'Acme FX', 'bob@acmefx.co.uk', 'junior');
  await addMember(h, 'Acme FX', 'carol@acmefx.co.uk', 'junior');
  bob = await signedIn(h, 'bob@acmefx.co.uk');
  carol = await signedIn(h, 'carol@acmefx.co.uk');
  await bob.api.leads.add.mutate({ name: 'Prospect Trading Ltd', source: 'manual_search' });
  leadId = (await bob.api.leads.list.query()).leads[0]!.id;
});
afterAll(() => h.close());

describe('pricing a pack', () => {
  let pack: Awaited<ReturnType<TestClient['api']['packs']['create']['mutate']>>;
  beforeAll(async () => {
    pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED, marginBps: 20 });
  });

  it('prices buys and sells against the mid at their minute, in bps and in £, and what they cost with us', () => {
    // Sell GBP at 1.3000 against a mid of 1.3100: (1.31 − 1.30) ÷ 1.31 = 76.3 bps; £100,000 × that = £763.36;
    // our 20 bps = £200.00; saving £563.36. Buying at 1.3200 is the same gap the other way.
    expect(pack.trades[0]).toMatchObject({
      pair: 'GBPUSD',
      direction: 'sell',
      at: '2025-10-29T14:05:00.000Z',
      mid: { rate: '1.310000', at: '2025-10-29T14:05:00.000Z', minutesBefore: 0 },
      markupBps: '76.3',
      markupGbp: '763.36',
      ourCostGbp: '200.00',
      savingGbp: '563.36',
      note: null,
    });
    expect(pack.trades[1]).toMatchObject({
      direction: 'buy',
      amount: '100000',
      markupBps: '76.3',
      markupGbp: '763.36',
    });
  });

  it('serves GBPEUR from EURGBP inverted, and puts EURUSD markups in £ at the minute’s EUR/GBP mid', () => {
    // 1 ÷ 0.88 = 1.136364; (1.136364 − 1.1250) ÷ 1.136364 = 100.0 bps; £50,000 × that = £500.02.
    expect(pack.trades[2]).toMatchObject({
      pair: 'GBPEUR',
      mid: { rate: '1.136364' },
      markupBps: '100.0',
      markupGbp: '500.02',
      savingGbp: '400.02',
    });
    // Buying EUR 10,000 at 1.1700 against 1.1600: 86.2 bps; in £: 10,000 × 0.88 = £8,800 × 0.0086207 = £75.86.
    expect(pack.trades[3]).toMatchObject({
      pair: 'EURUSD',
      amountGbp: '8800.00',
      markupBps: '86.2',
      markupGbp: '75.86',
    });
  });

  it("names each trade's minute source, flags those priced on a simulated minute and counts them", () => {
    expect(pack.trades[3]!.mid).toMatchObject({ source: 'Dukascopy', simulated: false });
    expect(pack.trades[0]!.mid).toMatchObject({ source: 'ECB-anchored, simulated', simulated: true });
    expect(tradeSourceText(pack.trades[3]!)).toBe('Dukascopy');
    expect(tradeSourceText(pack.trades[0]!)).toBe('ECB-anchored, simulated');
    expect(tradeSourceText(pack.trades[4]!)).toBe(
      'ECB-anchored, simulated · Price from 3 min before (no bar at this minute)',
    );
    // A simulated minute whose words do not say so is flagged in words.
    const unnamed = { ...pack.trades[0]!, mid: { ...pack.trades[0]!.mid!, source: 'Stored price' } };
    expect(tradeSourceText(unnamed)).toBe('Simulated minute (Stored price)');
    const priced = pack.trades.filter((t) => t.mid).length;
    expect(simulatedTradesNote(pack.trades)).toBe(
      `${priced - 1} of ${priced} trades priced on simulated minutes (ECB reference rates with simulated movement, not traded prices): their figures are indicative.`,
    );
  });

  it('uses the latest price up to 5 minutes before and says so; with none, no figures and the reason', () => {
    expect(pack.trades[4]).toMatchObject({
      mid: { at: '2025-10-31T21:59:00.000Z', minutesBefore: 3 },
      markupBps: '76.9',
      note: 'Price from 3 min before (no bar at this minute)',
    });
    expect(pack.trades[5]).toMatchObject({
      date: '2025-11-01',
      mid: null,
      markupBps: null,
      savingGbp: null,
      note: 'No price within 5 minutes before this time',
    });
  });

  it('reads London times across the clock changes', () => {
    expect(pack.trades[6]).toMatchObject({ at: '2025-03-30T02:00:00.000Z', mid: { rate: '1.290000' } });
    expect(pack.trades[7]).toMatchObject({ at: '2025-10-26T00:30:00.000Z', mid: { rate: '1.280000' } });
  });

  it('lists every bad row with its reason and leaves it out', () => {
    expect(pack.trades).toHaveLength(8);
    expect(pack.badRows.map((r) => [r.line, r.reason])).toEqual([
      [10, '01:30 did not exist in London on 30 Mar 2025 (the clocks went forward)'],
      [11, "Pair 'USDJPY' is not one we price (GBPUSD, GBPEUR, EURUSD, GBPNOK, GBPSEK, GBPAUD)"],
      [12, "Time '25:00' is not a London time (use 14:05)"],
      [13, "Direction 'hold' must be buy or sell"],
      [14, "Amount '-5' must be a number above zero"],
      [15, 'Expected 6 values (date,time,pair,direction,amount,rate), found 5'],
    ]);
  });

  it('totals the priced trades and scales the saving to a year over at least 30 days', () => {
    const priced = pack.trades.filter((t) => t.savingGbp !== null);
    expect(pack.totals).toMatchObject({ trades: 8, priced: priced.length, from: '2025-03-30', to: '2025-11-01' });
    const saving = priced.reduce((s, t) => s + Number(t.savingGbp), 0);
    expect(Number(pack.totals.savingGbp)).toBeCloseTo(saving, 2);
    // 30 Mar → 1 Nov 2025 is 217 days.
    expect(pack.totals.spanDays).toBe(217);
    expect(Number(pack.totals.annualisedSavingGbp)).toBeCloseTo((saving * 365) / 217, 1);
  });

  it('is saved on the lead and read back the same', async () => {
    expect(await bob.api.packs.get.query({ id: pack.id })).toEqual(pack);
    expect(await bob.api.packs.forLead.query({ leadId })).toEqual([
      { id: pack.id, createdAt: pack.createdAt, marginBps: 20, totals: pack.totals },
    ]);
  });
});

describe('limits and refusals', () => {
  const row = '2025-10-29,14:05,GBPUSD,sell,100000,1.3000';
  it('refuses more than 500 rows, more than 1 MB, fewer than 3 good trades and a missing header', async () => {
    const cases: [string, string][] = [
      [
        csv(...Array.from({ length: 501 }, () => row)),
        'A pack holds up to 500 trades. Remove some rows and try again.',
      ],
      [
        csv(row, row, row, 'x'.repeat(1_000_001)),
        'The file is larger than 1 MB. Split it: a pack holds up to 500 trades.',
      ],
      [csv(row, row, 'bad'), 'A pack needs at least 3 valid trades. 1 row has problems, listed below.'],
      [row, 'The first line must be the header: date,time,pair,direction,amount,rate'],
    ];
    for (const [text, message] of cases) {
      expect(await errorOf(bob.api.packs.create.mutate({ leadId, csv: text, marginBps: 20 }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
    // Exactly 500 rows is a pack.
    const full = await bob.api.packs.create.mutate({ leadId, csv: csv(...Array.from({ length: 500 }, () => row)) });
    expect(full.trades).toHaveLength(500);
  });

  it("packs are the broker's own: another broker cannot read or build on them; their admin may read", async () => {
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED, marginBps: 30 });
    expect((await errorOf(carol.api.packs.get.query({ id: pack.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(rival.api.packs.get.query({ id: pack.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(carol.api.packs.create.mutate({ leadId, csv: HAND_WORKED }))).code).toBe('NOT_FOUND');
    expect((await errorOf(carol.api.packs.share.mutate({ id: pack.id }))).code).toBe('NOT_FOUND');
    const asAdmin = await ada.api.packs.get.query({ id: pack.id });
    expect(asAdmin).toMatchObject({ id: pack.id, mine: false });
    expect(pack.mine).toBe(true);
    // The team view: the admin lists a broker's packs; a broker cannot; another company sees none of them.
    const bobId = (
      await h.t.db
        .selectFrom('user_profiles')
        .select('id')
        .where('email', '=', 'bob@acmefx.co.uk')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await ada.api.packs.ofMember.query({ userId: bobId })).map((p) => p.id)).toContain(pack.id);
    expect((await errorOf(carol.api.packs.ofMember.query({ userId: bobId }))).code).toBe('FORBIDDEN');
    expect(await rival.api.packs.ofMember.query({ userId: bobId })).toEqual([]);
    expect((await errorOf(h.client().api.packs.get.query({ id: pack.id }))).code).toBe('UNAUTHORIZED');
  });

  it('its PDF is served to its broker and their admin only', async () => {
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const get = (c: TestClient | null) =>
      fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
        headers: c ? { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
      });
    const ok = await get(bob);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(ada)).status).toBe(200);
    expect((await get(carol)).status).toBe(404);
    expect((await get(null)).status).toBe(401);
  });
});

describe('share links', () => {
  it('need no sign-in, show the pack and nothing else, log views and e-mail the broker once', async () => {
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const link = await bob.api.packs.share.mutate({ id: pack.id });
    expect(link.url).toMatch(new RegExp(`^${h.config.publicUrl}/p/[A-Za-z0-9_-]{43}$`));
    const token = link.url.split('/p/')[1]!;
    const stranger = h.client();
    // Two views at once: one e-mail.
    const [view] = await Promise.all([
      stranger.api.packs.shared.query({ token }),
      h.client().api.packs.shared.query({ token }),
    ]);
    // No broker-side detail (the rows left out of the upload) on the prospect's page; the brokerage instead.
    expect(Object.keys(view).sort()).toEqual(
      ['brokerage', 'brokerName', 'createdAt', 'expiresAt', 'leadName', 'marginBps', 'totals', 'trades'].sort(),
    );
    expect(view.brokerage).toEqual({
      companyName: 'Acme FX',
      brokerName: view.brokerName,
      brokerEmail: 'bob@acmefx.co.uk',
      brokerPhone: null,
      hasLogo: false,
    });
    expect(view.trades).toEqual(pack.trades);
    expect(JSON.stringify(view)).not.toContain(pack.id);
    await stranger.api.packs.shared.query({ token });
    const views = () => h.t.db.selectFrom('evidence_pack_views').select('id').where('pack_id', '=', pack.id).execute();
    // The same visitor (address and browser) on the same London day is one row, however often they reload.
    expect(await views()).toHaveLength(1);
    const input = encodeURIComponent(JSON.stringify({ token }));
    const other = await fetch(`${h.url}/trpc/packs.shared?input=${input}`, {
      headers: { 'user-agent': 'Prospect Browser' },
    });
    expect(other.status).toBe(200);
    expect(await views()).toHaveLength(2);
    const mails = await h.t.db.selectFrom('email_outbox').selectAll().where('template', '=', 'pack_viewed').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'bob@acmefx.co.uk',
      subject: 'Prospect Trading Ltd opened your evidence pack',
    });
    expect((await bob.api.packs.get.query({ id: pack.id })).share).toMatchObject({ views: 2 });
  });

  it('stop working when revoked, when replaced and after 30 days', async () => {
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    // Each closed link says why (issue 22 §3).
    const replaced = SHARE_LINK_MESSAGES.unknown;
    const tokenOf = (url: string) => url.split('/p/')[1]!;
    const first = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    const second = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    expect(await errorOf(h.client().api.packs.shared.query({ token: first }))).toEqual({
      code: 'NOT_FOUND',
      message: replaced,
    });
    await h.client().api.packs.shared.query({ token: second });
    await bob.api.packs.revokeShare.mutate({ id: pack.id });
    expect((await errorOf(h.client().api.packs.shared.query({ token: second }))).message).toBe(
      SHARE_LINK_MESSAGES.withdrawn,
    );
    expect((await bob.api.packs.get.query({ id: pack.id })).share).toBeNull();

    const third = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    h.clock.now = new Date(NOW.getTime() + 29 * 86_400_000);
    await h.client().api.packs.shared.query({ token: third });
    h.clock.now = new Date(NOW.getTime() + 30 * 86_400_000 + 1);
    expect((await errorOf(h.client().api.packs.shared.query({ token: third }))).message).toMatch(
      /^This link expired on \d{1,2} [A-Z][a-z]+ \d{4}\. Links to an evidence pack last 30 days/,
    );
    h.clock.now = NOW;
  });

  it('a malformed link gets words for the prospect, not a validation message', async () => {
    for (const token of ['abc', 'x'.repeat(19), 'a b c d e f g h i j k l m n o']) {
      expect(await errorOf(h.client().api.packs.shared.query({ token }))).toEqual({
        code: 'BAD_REQUEST',
        message: SHARE_LINK_MESSAGES.malformed,
      });
    }
  });

  it("carry the broker's phone from their profile, on the page and in the PDF, and never the rows left out", async () => {
    expect((await errorOf(bob.api.packs.setContactPhone.mutate({ phone: 'call me' }))).code).toBe('BAD_REQUEST');
    await bob.api.packs.setContactPhone.mutate({ phone: ' +44 20 7946 0000 ' });
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    expect(pack.badRows.length).toBeGreaterThan(0); // the broker still sees them
    const token = (await bob.api.packs.share.mutate({ id: pack.id })).url.split('/p/')[1]!;
    const view = await h.client().api.packs.shared.query({ token });
    expect(view.brokerage.brokerPhone).toBe('+44 20 7946 0000');
    const pdf = Buffer.from(
      await (
        await fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
          headers: { cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        })
      ).arrayBuffer(),
    );
    const dir = mkdtempSync(join(tmpdir(), 'pack-'));
    writeFileSync(join(dir, 'pack.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'pack.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Acme FX');
    expect(text).toMatch(/Prepared by .+ · bob@acmefx\.co\.uk · \+44 20 7946 0000/);
    expect(text).not.toContain('Rows left out');
    expect(text).not.toContain('Line ');
    await bob.api.packs.setContactPhone.mutate({ phone: '' });
  });

  it("carry the company's logo when an admin uploads one: on the prospect's page by the link, and in the PDF", async () => {
    // A 1×1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect((await errorOf(bob.api.company.setLogo.mutate({ base64: png }))).code).toBe('FORBIDDEN');
    expect(
      await errorOf(ada.api.company.setLogo.mutate({ base64: Buffer.from('GIF89a...').toString('base64') })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: LOGO_MESSAGES.notImage,
    });
    const big = Buffer.concat([Buffer.from(png, 'base64'), Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64');
    expect((await errorOf(ada.api.company.setLogo.mutate({ base64: big }))).code).toBe('BAD_REQUEST');
    expect(await ada.api.company.setLogo.mutate({ base64: png })).toMatchObject({ hasLogo: true });
    expect(await ada.api.company.logo.query()).toEqual({ hasLogo: true });

    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const token = (await bob.api.packs.share.mutate({ id: pack.id })).url.split('/p/')[1]!;
    expect((await h.client().api.packs.shared.query({ token })).brokerage.hasLogo).toBe(true);
    const logo = await fetch(`${h.url}${sharedLogoUrl(token)}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
    expect((await fetch(`${h.url}${sharedLogoUrl('x'.repeat(43))}`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/packs/shared-logo?token=abc`)).status).toBe(404);

    const pdf = Buffer.from(
      await (
        await fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
          headers: { cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        })
      ).arrayBuffer(),
    );
    const dir = mkdtempSync(join(tmpdir(), 'pack-logo-'));
    writeFileSync(join(dir, 'pack.pdf'), pdf);
    const images = execFileSync('pdfimages', ['-list', join(dir, 'pack.pdf')], { encoding: 'utf8' });
    expect(images.trim().split('\n').length).toBeGreaterThan(2); // a header of two lines, then the logo

    await ada.api.company.setLogo.mutate({ base64: '' });
    expect((await h.client().api.packs.shared.query({ token })).brokerage.hasLogo).toBe(false);
    expect((await fetch(`${h.url}${sharedLogoUrl(token)}`)).status).toBe(404);
  });
});
