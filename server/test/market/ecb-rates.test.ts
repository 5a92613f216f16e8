import { evidenceLines } from '@pippitch/shared/pitch-summary';
import { addDays, isoWeekday } from '@pippitch/shared/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEcbReferenceRates } from '../../../core/src/market/dataset/ecb-store';
import { latestEcbFixDate, refreshEcbRates } from '../../../core/src/market/read/ecb-rates';
import { ecbReferenceFor } from '../../../core/src/market/read/ecb-reference';
import { createEcbRatesClient } from '../../../core/src/market/vendors/ecb/client';
import type { EcbFix } from '../../../core/src/market/vendors/ecb/types';
import { parseEcbXml } from '../../../core/src/market/vendors/ecb/xml';
import { buildEvidence } from '../../../core/src/services/calculator/evidence';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { type EcbServer, ecbXml, startEcbServer } from './ecb-server';

// Issue 21 §2: the ECB's reference rates kept current from its published XML (a local server in the ECB's layout).
const TODAY = '2026-11-25'; // a Wednesday
const BUNDLED_END = '2026-04-13';

/** Every weekday from `from` to `to`, with rates that move a little each day. */
function weekdays(from: string, to: string): EcbFix[] {
  const out: EcbFix[] = [];
  for (let d = from, i = 0; d <= to; d = addDays(d, 1), i++) {
    if (isoWeekday(d) > 5) continue;
    out.push({
      date: d,
      rates: {
        USD: (1.15 + i / 10_000).toFixed(4),
        GBP: (0.87 + i / 100_000).toFixed(5),
        NOK: '11.6485',
        SEK: '10.9475',
        AUD: '1.7651',
        JPY: '172.44',
        BGN: '1.9558',
      },
    });
  }
  return out;
}

describe("the ECB's XML", () => {
  it('is read day by day, published digits kept, and anything else refused', () => {
    const fixes = parseEcbXml(ecbXml([{ date: '2026-11-24', rates: { USD: '1.1584', GBP: '0.88125' } }]));
    expect(fixes).toEqual([{ date: '2026-11-24', rates: { USD: '1.1584', GBP: '0.88125' } }]);
    expect(() => parseEcbXml('<html>Maintenance</html>')).toThrow(/holds no rates/);
  });
});

describe('keeping the ECB reference rates current', () => {
  let t: TestDatabase;
  let ecb: EcbServer;
  beforeAll(async () => {
    t = await createTestDatabase();
    ecb = await startEcbServer(weekdays('2026-01-05', TODAY));
    await storeEcbReferenceRates(t.db); // the bundled file, as every worker start does
  });
  afterAll(async () => {
    await ecb.close();
    await t.drop();
  });
  const client = () => createEcbRatesClient({ baseUrl: ecb.baseUrl });

  it('catches up after downtime: the day, the 90 days, and the history for a gap older than that', async () => {
    expect(await latestEcbFixDate(t.db)).toBe(BUNDLED_END);
    const run = await refreshEcbRates(t.db, client(), new Date(`${TODAY}T15:05:00Z`));
    expect(ecb.requests).toEqual(['eurofxref-daily.xml', 'eurofxref-hist-90d.xml', 'eurofxref-hist.xml']);
    expect(run).toMatchObject({ latest: TODAY, caughtUp: true });
    // Every weekday since the bundled file ended is on file now, no holes.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ecb_reference_rates WHERE currency = 'GBP' AND fix_date > ${BUNDLED_END}::date`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(weekdays(addDays(BUNDLED_END, 1), TODAY).length);
  });

  it('on a normal afternoon reads only the day, and two runs at once store each rate once', async () => {
    const tomorrow = addDays(TODAY, 1);
    ecb.fixes.push(...weekdays(tomorrow, tomorrow));
    ecb.requests.length = 0;
    const [a, b] = await Promise.all([
      refreshEcbRates(t.db, client(), new Date(`${tomorrow}T15:05:00Z`)),
      refreshEcbRates(t.db, client(), new Date(`${tomorrow}T15:05:00Z`)),
    ]);
    expect(ecb.requests).toEqual(['eurofxref-daily.xml', 'eurofxref-daily.xml']);
    // GBP, USD, NOK, SEK, AUD and JPY: every catalogue currency in the file (issue 34); BGN, no longer fixed, is not.
    expect(a.added + b.added).toBe(6);
    expect(await latestEcbFixDate(t.db)).toBe(tomorrow);
  });

  it('records a failure for the data-status card, and the next run recovers', async () => {
    ecb.failWith = 503;
    await expect(refreshEcbRates(t.db, client(), new Date(`${TODAY}T16:05:00Z`))).rejects.toThrow(
      'ECB reference rates: HTTP 503 for eurofxref-daily.xml',
    );
    const status = async () =>
      (
        await sql<{ last_error: string | null; last_success_at: Date | null }>`
        SELECT last_error, last_success_at FROM market_fetch_status WHERE name = 'ecb'`.execute(t.db)
      ).rows[0];
    expect(await status()).toMatchObject({ last_error: expect.stringMatching(/HTTP 503/) });
    ecb.failWith = null;
    await refreshEcbRates(t.db, client(), new Date(`${TODAY}T16:35:00Z`));
    expect((await status())?.last_success_at).toEqual(new Date(`${TODAY}T16:35:00Z`));
    const offline = createEcbRatesClient({ baseUrl: 'http://127.0.0.1:9/' });
    await expect(offline.daily()).rejects.toThrow(/ECB reference rates unreachable/);
  });

  it("a calculation dated today carries today's reference; one on a Saturday the Friday's, and says so", async () => {
    const input = (comparisonDate: string) =>
      ({ pair: 'GBPUSD', comparisonDate, competitorRate: '1.3000' }) as Parameters<typeof buildEvidence>[1];
    const today = await buildEvidence(t.db, input(TODAY), null, new Date(`${TODAY}T17:00:00Z`));
    expect(today.ecb?.fixDate).toBe(TODAY);
    const line = evidenceLines('GBPUSD', today).find((l) => l.startsWith('ECB'));
    expect(line).toMatch(/^ECB reference rate 25 Nov 2026: GBP\/USD /);

    const saturday = '2026-11-28';
    const ref = await ecbReferenceFor(t.db, 'GBPUSD', saturday);
    expect(ref).toMatchObject({ fixDate: '2026-11-26', forDate: saturday });
    const said = evidenceLines('GBPUSD', { mid: null, method: '', ecb: ref, range: null }).find((l) =>
      l.startsWith('ECB'),
    );
    expect(said).toMatch(/^ECB reference rate 26 Nov 2026 \(the last published before 28 Nov 2026\): GBP\/USD /);
  });
});
