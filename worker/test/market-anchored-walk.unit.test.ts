import { ECB_REFERENCE_CURRENCIES } from '@pippitch/shared/evidence';
import { BUNDLED_ECB_LAST_FIX } from '@pippitch/shared/sources';
import { describe, expect, it } from 'vitest';
import { walkDrift } from '../../core/src/market/dataset/anchored';
import { ecbFixTime } from '../../core/src/market/dataset/calendar';
import { CURRENCIES } from '../../core/src/market/dataset/ecb';
import { TRADING_DAY_MINUTES } from '../../core/src/market/dataset/model';
import { createSimulatedFeed } from '../../core/src/market/vendors/simulated/feed';

// Issue 34, offline: a currency outside the data set's five (the zloty, the Hong Kong dollar, the krone) goes on
// moving after the bundled ECB file's last fix (13 Apr 2026), walking from it as the five do, seeded and the same on
// every run. Every instant is injected into the simulated feed's clock; none is read from the machine's.
const SEED = 'anchored-walk';
const LAST_FIX = ecbFixTime(BUNDLED_ECB_LAST_FIX);
const DAY_MS = 86_400_000;
/** The bundled file's last fix, units per EUR. */
const FIX = { USD: 1.1684, PLN: 4.2543, HKD: 9.1507, DKK: 7.4727 };

/** Mids at an injected instant: EUR/x is USD/x × EUR/USD of the same tick (the feed quotes USD/x). */
async function eurLevels(at: number, seed = SEED) {
  const quotes = await createSimulatedFeed({ seed, clock: () => at }).fetchQuotes([
    'EURUSD',
    'USDPLN',
    'USDHKD',
    'USDDKK',
  ]);
  const mid = (pair: string) => quotes.find((q) => q.pair === pair)!.mid;
  return {
    PLN: mid('USDPLN') * mid('EURUSD'),
    DKK: mid('USDDKK') * mid('EURUSD'),
    USDHKD: mid('USDHKD'),
  };
}

/** 10:00 UTC on each weekday from `from` ('YYYY-MM-DD'), `days` calendar days on. */
function weekdaysFrom(from: string, days: number): number[] {
  const start = Date.parse(`${from}T10:00:00Z`);
  return Array.from({ length: days }, (_, i) => start + i * DAY_MS).filter(
    (t) => ![0, 6].includes(new Date(t).getUTCDay()),
  );
}

describe('currencies outside the model after the bundled ECB file ends', () => {
  it('start from the last fix: the fix minute and the first walked minute are the fix, within the wobble', async () => {
    for (const at of [LAST_FIX + 30_000, LAST_FIX + 90_000, LAST_FIX + 10 * 60_000]) {
      const level = await eurLevels(at);
      expect(level.PLN / FIX.PLN).toBeCloseTo(1, 2);
      expect(level.DKK / FIX.DKK).toBeCloseTo(1, 3);
    }
  });

  it('move on every day after it, at the pace the file shows, rather than holding the last fix', async () => {
    const days = weekdaysFrom('2026-04-15', 217); // to 18 Nov 2026
    const pln: number[] = [];
    for (const at of days) pln.push((await eurLevels(at)).PLN);
    // Not the last fix held flat (its wobble is 2 bp): the zloty has wandered well away from it, and back and forth.
    const spread = (Math.max(...pln) - Math.min(...pln)) / FIX.PLN;
    expect(spread).toBeGreaterThan(0.005);
    for (let i = 1; i < pln.length; i++) expect(pln[i]).not.toBe(pln[i - 1]);
    // Plausible: within 15% of the fix after seven months, at the volatility it had against its reference currency.
    for (const p of pln) expect(Math.abs(p / FIX.PLN - 1)).toBeLessThan(0.15);
    const drift = walkDrift('PLN');
    expect(drift.ref).toBe('EUR');
    const changes = pln.slice(1).map((p, i) => Math.log(p / pln[i]!));
    const realised = Math.sqrt(changes.reduce((a, c) => a + c * c, 0) / changes.length);
    const expected = drift.minuteSd * Math.sqrt(TRADING_DAY_MINUTES);
    expect(realised / expected).toBeGreaterThan(0.7);
    expect(realised / expected).toBeLessThan(1.4);
  });

  it('walk against the currency each moved least against: the Hong Kong dollar stays by the dollar, the krone by the euro', async () => {
    expect(walkDrift('HKD').ref).toBe('USD');
    expect(walkDrift('DKK').ref).toBe('EUR');
    const nov = await eurLevels(Date.parse('2026-11-18T10:00:05Z'));
    expect(Math.abs(nov.USDHKD / (FIX.HKD / FIX.USD) - 1)).toBeLessThan(0.01);
    expect(Math.abs(nov.DKK / FIX.DKK - 1)).toBeLessThan(0.005);
  });

  it('hold a pegged currency inside its band: USD/HKD within 7.75–7.85 and the krone by its central rate, any seed', async () => {
    // The file shows the pegs (all of it within 2 %); every floating currency, the yuan included, is left to walk.
    const pegged = ECB_REFERENCE_CURRENCIES.filter((c) => !['EUR', ...CURRENCIES].includes(c) && walkDrift(c).band);
    expect(pegged.sort()).toEqual(['DKK', 'HKD']);
    for (const seed of [SEED, 'peg-1', 'peg-2']) {
      const hkd: number[] = [];
      const dkk: number[] = [];
      // Two and a half years after the file, one instant a day: far longer than an unbounded walk stays near 7.80.
      for (const at of weekdaysFrom('2026-04-15', 900)) {
        const level = await eurLevels(at, seed);
        hkd.push(level.USDHKD);
        dkk.push(level.DKK);
      }
      for (const h of hkd) {
        expect(h).toBeGreaterThanOrEqual(7.75);
        expect(h).toBeLessThanOrEqual(7.85);
      }
      for (const d of dkk) expect(Math.abs(d / 7.46038 - 1)).toBeLessThan(0.0225); // ERM II's ±2.25 %
      // Still moving inside the band, not stuck at an edge.
      expect(new Set(hkd.map((h) => h.toFixed(4))).size).toBeGreaterThan(hkd.length / 2);
    }
  });

  it('are the same for the same seed and instant, whatever was asked before; another seed walks elsewhere', async () => {
    const at = Date.parse('2026-09-09T14:31:20Z');
    const first = await eurLevels(at);
    await eurLevels(Date.parse('2026-11-20T09:00:00Z'));
    await eurLevels(Date.parse('2026-05-01T09:00:00Z'));
    expect(await eurLevels(at)).toEqual(first);
    expect((await eurLevels(at, 'another seed')).PLN).not.toBe(first.PLN);
  });
});
