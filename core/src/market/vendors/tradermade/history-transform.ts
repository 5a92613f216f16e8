/**
 * TraderMade's timeseries answer to our minute bars. With `format=records` it is
 *   {"base_currency":"EUR","quote_currency":"USD","endpoint":"timeseries","start_date":"2025-01-06 00:00:00",…,
 *    "quotes":[{"date":"2025-01-06 00:00:00","open":1.03041,"high":1.03052,"low":1.03038,"close":1.03049},…]}
 * with mid prices and times in UTC. A refused request (key, plan, pair) answers a message instead of quotes.
 */
import type { HistoryBar } from '../../history/types';

const DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function utcMs(text: unknown): number | null {
  const m = typeof text === 'string' ? DATE.exec(text.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!);
}

function price(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** Bars from a timeseries body, oldest first; rows without a full set of prices are left out. Throws on a refusal. */
export function barsFromTimeseries(body: unknown): HistoryBar[] {
  const b = (body ?? {}) as { quotes?: unknown; message?: unknown; error?: unknown; errors?: unknown };
  if (!Array.isArray(b.quotes)) {
    const why =
      typeof b.message === 'string' ? b.message : b.errors ? JSON.stringify(b.errors) : 'no quotes in the answer';
    throw new Error(`TraderMade timeseries: ${why}`);
  }
  const bars: HistoryBar[] = [];
  for (const q of b.quotes as Record<string, unknown>[]) {
    const ts = utcMs(q?.date);
    const [open, high, low, close] = [q?.open, q?.high, q?.low, q?.close].map(price);
    if (ts === null || ts % 60_000 !== 0 || !open || !high || !low || !close) continue;
    bars.push({ ts, open, close, high: Math.max(high, open, close), low: Math.min(low, open, close) });
  }
  return bars.sort((x, y) => x.ts - y.ts);
}

/** 'YYYY-MM-DD-HH:mm' in UTC, the form TraderMade's timeseries takes for minute data. */
export function timeseriesDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 16)}`;
}
