/**
 * Three months of the demo company's work (issue 22 §5), so an evaluator's dashboard, activity pages, leads and
 * report show something on first start. Every pitch goes through the calculator's own service (saveCalculation:
 * the results recomputed, the record of the mid, the GBP conversion, the range-of-day check, the activity entry and
 * the lead), at a past London minute; the monthly report through its schedule and the worker's job. Deterministic
 * (a seeded generator), and only once: the first caller claims the company's `demo_history` row (two workers
 * starting together make one history), and a demo company with any calculation is left as it is. The worker runs it
 * after loading the market data, so the pitches are priced on the stored minutes and checked against their days.
 */
import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { type CurrencyPair, FALLBACK_RATES, storageFor } from '@pippitch/shared/pairs';
import { addDays, isoWeekday, londonDateOf, londonToUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { dayRange } from '../../market/read/day-range';
import { claimDemoHistory, companyIdNamed, hasAnyCalculation } from '../../queries/activity/demo-history';
import { activityMembers } from '../../queries/activity/member';
import { minuteBarBefore } from '../../queries/calculations/market-rates';
import { systemScope } from '../../queries/scope';
import { memberActor } from '../actor';
import { saveCalculation } from '../calculator/save';
import { saveReportSchedule } from '../reports/schedule';
import { roleFromStored } from '../stored-role';

/** The demo company's name (server/src/seed/demo.ts creates it). */
export const DEMO_COMPANY = 'Demo FX Partners';

/** Fictitious clients, each broker with a book of their own. */
const BOOKS: Record<string, string[]> = {
  'alice@demo.pippitch.test': [
    'Harbour Imports Ltd',
    'Northgate Textiles Ltd',
    'Brightwater Wines Ltd',
    'Keel & Anchor Marine Ltd',
    'Pennine Machine Tools Ltd',
    'Oakridge Coffee Roasters Ltd',
    'Saltmarsh Seafoods Ltd',
    'Tamar Valley Timber Ltd',
  ],
  'ben@demo.pippitch.test': [
    'Redbridge Electronics Ltd',
    'Cotswold Leather Goods Ltd',
    'Meridian Travel Group Ltd',
    'Fenland Fresh Produce Ltd',
    'Ironbridge Engineering Ltd',
    'Solent Yacht Supplies Ltd',
    'Wessex Ceramics Ltd',
  ],
  'chloe@demo.pippitch.test': [
    'Thistle Whisky Exports Ltd',
    'Greenway Solar Ltd',
    'Lakeland Outdoor Ltd',
    'Moorside Pharmaceuticals Ltd',
    'Castlegate Furniture Ltd',
    'Riverside Print Works Ltd',
    'Highland Knitwear Ltd',
    'Bristol Bike Company Ltd',
  ],
};

const AMOUNTS = ['25000', '50000', '75000', '100000', '150000', '250000', '500000'];
const TRADES = [6, 12, 12, 24, 26, 52];

/** mulberry32: the same history on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stored mid at a London minute (or the latest within 5 minutes before), as the pair is quoted; null if none. */
async function midAt(db: Database, pair: CurrencyPair, at: Date): Promise<number | null> {
  const { stored, invert } = storageFor(pair);
  const row = await minuteBarBefore(db, stored, at, 5);
  if (!row) return null;
  return invert ? 1 / row.close : row.close;
}

const four = (n: number) => n.toFixed(4);

/** Builds the history; returns how many pitches were saved (0 when the demo company already has some). */
export async function seedDemoActivity(db: Database, now = new Date()): Promise<number> {
  const companyId = await companyIdNamed(db, DEMO_COMPANY);
  if (!companyId) return 0;
  const scope = systemScope('system:demo-history', companyId);
  if (await hasAnyCalculation(db, scope)) return 0;
  if (!(await claimDemoHistory(db, scope))) return 0;
  // By name: the seeded generator hands out its numbers member by member, so the order must not be the heap's.
  const members = (await activityMembers(db, scope)).map((r) => ({ ...r, role_type: roleFromStored(r.storedRole) }));
  const random = generator(22);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = londonDateOf(now);
  let saved = 0;
  // The last quarter (90 London days, today included), so the dashboard's 'Last quarter' holds all of it.
  for (let back = 89; back >= 0; back--) {
    const date = addDays(today, -back);
    if (isoWeekday(date) >= 6) continue;
    for (const m of members) {
      const book = BOOKS[m.email];
      if (!book) continue;
      const pitches = random() < 0.35 ? 0 : random() < 0.7 ? 1 : 2;
      for (let i = 0; i < pitches; i++) {
        const hour = 9 + Math.floor(random() * 8);
        const minute = Math.floor(random() * 60);
        const at = londonToUtc(date, hour, minute);
        if (at >= now) continue;
        const roll = random();
        const pair: CurrencyPair = roll < 0.6 ? 'GBPUSD' : roll < 0.9 ? 'GBPEUR' : 'EURUSD';
        const mid = (await midAt(db, pair, at)) ?? Number(FALLBACK_RATES[pair]);
        // Our rate 0.15 % under the mid; the prospect's current provider 0.3–0.9 % under it (a few are cheaper than
        // us: their pitches are losses). A rate quoted to the client is inside the day's traded range, so it is
        // kept within it where the day is known (the calculator would flag it otherwise).
        const loss = random() < 0.08;
        let competitor = loss ? mid * 0.9992 : mid * (1 - (0.003 + random() * 0.006));
        const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        const day = await dayRange(db, { pair, date, time }, now);
        if (day.found) {
          competitor = Math.min(Math.max(competitor, Number(day.range.low) * 1.00005), Number(day.range.high));
        }
        // 'Inflate Your Margin' adds its pips to the rate (spec §9): the rate pitched, with them, stays 0.15 % under
        // the mid, so no demo pitch is below the mid (a loss to the desk, issue 31 §5).
        const marginPips = pick([0, 0, 0, 10, 20] as const);
        const input: SaveCalculationInput = {
          id: crypto.randomUUID(),
          pair,
          yourRate: four(mid * 0.9985 - marginPips * 0.0001),
          competitorRate: four(competitor),
          amount: pick(AMOUNTS),
          tradesPerYear: pick(TRADES),
          marginPips,
          clientName: pick(book),
          comparisonDate: date,
          comparisonTime: time,
        };
        await saveCalculation(db, memberActor(m, companyId), input, { now: at, liveQuote: null, at });
        saved++;
      }
    }
  }
  // The monthly report: scheduled for the 1st at 09:00 since before this month's, so the worker's sweep makes last
  // month's report on first start (the same job and PDF as any company's).
  const admin = members.find((m) => m.role_type === 'super_admin') ?? members[0];
  if (admin) {
    await saveReportSchedule(
      db,
      memberActor(admin, companyId),
      { dayOfMonth: 1, hour: 9 },
      new Date(now.getTime() - 40 * 86_400_000),
    );
  }
  return saved;
}
