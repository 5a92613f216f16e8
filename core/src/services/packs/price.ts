import { dailyReferenceRange } from '@pippitch/shared/daily-reference';
import { minuteSourceLabel } from '@pippitch/shared/desk-pairs';
import type { DayRange } from '@pippitch/shared/evidence';
import {
  PACK_MID_LOOKBACK_MINUTES,
  type PackTrade,
  type PricedTrade,
  priceTrade,
  type TradeMid,
} from '@pippitch/shared/pack';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { servePrice, storageFor } from '@pippitch/shared/pairs';
import { isSimulatedBar } from '@pippitch/shared/sources';
import { isoWeekday, londonClockTime, londonDateOf, londonDayBoundsUtc, londonToUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { type MidRow, tradeMidRows } from '../../queries/packs/trade-mids';

/** A daily-only trade's fix: the day's or the last within a week before it (Christmas to the New Year). */
const DAILY_LOOKBACK_MINUTES = 7 * 1440;

/**
 * Prices every trade in ONE set-based query (queries/packs/trade-mids.ts), whatever their number: for each (pair, minute) the latest bar at or up
 * to 5 minutes before it, and for EUR-based trades the EUR/GBP bar of the same window to put the markup in GBP.
 * Each lookup is an index range probe of one pair's minutes, so 500 trades across two years cost one round trip.
 */
/** The stored pair that puts a trade's base currency in pounds: EUR/GBP, GBP/USD, or none for a GBP base. */
function gbpLegOf(pair: string): string | null {
  return pair.startsWith('EUR') ? 'EURGBP' : pair.startsWith('USD') ? 'GBPUSD' : null;
}

export async function priceTrades(db: Database, trades: PackTrade[], marginBps: number): Promise<PricedTrade[]> {
  const at = trades.map((t) => londonToUtc(t.date, Number(t.time.slice(0, 2)), Number(t.time.slice(3, 5))));
  const stored = trades.map((t) => storageFor(t.pair).stored);
  const days = trades.map((t) => londonDayBoundsUtc(t.date).start.toISOString());
  // Sunday evening's minutes open Monday's FX day: a Sunday trade is checked against the last full session.
  const sundays = trades.map((t) => isoWeekday(t.date) === 7);
  // A daily-only pair's one rate a day (issue 34): the trade's day's ECB fix, or the last before it, whatever the
  // trade's minute; every other pair's mid is the bar at the minute or up to 5 minutes before it.
  const daily = trades.map((t) => pairInfo(t.pair).sourcing.kind === 'daily');
  const midAt = trades.map((t, k) => (daily[k] ? londonDayBoundsUtc(t.date).end : (at[k] as Date)).toISOString());
  const lookback = daily.map((d) => (d ? DAILY_LOOKBACK_MINUTES : PACK_MID_LOOKBACK_MINUTES));
  const rows = await tradeMidRows(db, {
    stored,
    at,
    gbpLeg: trades.map((t) => gbpLegOf(t.pair)),
    days,
    sundays,
    midAt,
    lookback,
  });
  return trades.map((trade, k) => {
    const row = rows[k];
    const when = at[k] as Date;
    const { invert } = storageFor(trade.pair);
    const mid: TradeMid | null =
      row?.close != null && row.ts
        ? {
            rate: servePrice(row.close, invert).toFixed(6),
            at: row.ts.toISOString(),
            source: minuteSourceLabel(row.source, trade.pair, row.ts),
            simulated: isSimulatedBar(row.source),
            minutesBefore: daily[k] ? 0 : Math.round((when.getTime() - row.ts.getTime()) / 60_000),
          }
        : null;
    // Pounds per unit of the base: EUR/GBP as stored, GBP/USD inverted for a dollar-based trade (issue 34).
    const leg = row?.eurgbp ?? null;
    const gbpPerBase = trade.pair.startsWith('GBP')
      ? '1'
      : leg === null
        ? null
        : trade.pair.startsWith('USD')
          ? (1 / leg).toFixed(8)
          : String(leg);
    const range = daily[k]
      ? mid && dailyReferenceRange(mid.rate, londonDateOf(new Date(mid.at)), trade.date)
      : rangeOf(trade, row);
    return priceTrade(trade, when, mid, gbpPerBase, marginBps, range);
  });
}

/** The range a trade is checked against, in the pair's own terms (GBP/EUR's low is 1 ÷ the stored high). */
function rangeOf(trade: PackTrade, row: MidRow | undefined): DayRange | null {
  if (!row?.day || row.low == null || row.high == null) return null;
  const { invert } = storageFor(trade.pair);
  const [low, high] = invert ? [1 / row.high, 1 / row.low] : [row.low, row.high];
  const date = londonDateOf(row.day);
  const range: DayRange = { date, low: low.toFixed(6), high: high.toFixed(6) };
  if (date === trade.date) return range;
  const first = row.first ?? row.day;
  const last = row.last ?? row.day;
  return { ...range, session: { forDate: trade.date, from: londonClockTime(first), to: londonClockTime(last) } };
}
