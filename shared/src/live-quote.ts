// The live-quote contract, in one place: the channel the worker NOTIFYs on, the payload (a zod schema the server
// parses on receipt), the quote browsers receive, GBPEUR's inversion and the fallback rule. Worker, server and web
// import it; nothing else may restate it.
import { z } from 'zod';
import type { LiveQuote } from './live-socket';
import { PAIR_CATALOGUE, PROVIDER_PAIRS } from './pair-catalogue';
import { crossRecordOf } from './pair-method';
import { FALLBACK_RATES, fallbackRate, type StoredPair, servePrice } from './pairs';
import { QUOTE_SOURCES } from './sources';

/** PostgreSQL channel the worker publishes every quote on (`LISTEN fx_quotes`). */
export const QUOTES_CHANNEL = 'fx_quotes';

const price = z.number().positive();
const stored = {
  /** A pair as the market quotes it: one the history provider and the feeds carry (issue 34). */
  pair: z.enum(PROVIDER_PAIRS as [string, ...string[]]),
  bid: price,
  ask: price,
  mid: price,
  /** The quote's own time (vendor timestamp or simulated tick), ISO 8601 UTC. */
  ts: z.iso.datetime(),
};

/**
 * One `NOTIFY fx_quotes` payload (JSON), in stored terms (EURGBP, not GBPEUR). The worker sends one per pair per
 * poll, inside the poll's transaction, so a listener never hears of a quote it cannot read back.
 *
 * - A fetched quote: `{"pair":"GBPUSD","bid":1.34012,"ask":1.34021,"mid":1.340165,"ts":"…Z","source":"feed"}`
 *   (`source` is `feed` for a vendor, `simulated` for the built-in feed).
 * - While the feed fails: the spec's default rate (§9) as bid, ask and mid, `ts` the failed poll's time,
 *   `source: 'fallback'`, `fallback: true` and the spec's `error` message. Never stored.
 */
export const quoteNotificationSchema = z.discriminatedUnion('source', [
  z.object({ ...stored, source: z.enum(QUOTE_SOURCES) }),
  z.object({ ...stored, source: z.literal('fallback'), fallback: z.literal(true), error: z.string().max(500) }),
]);
export type QuoteNotification = z.infer<typeof quoteNotificationSchema>;

/** A notification carries one quote, or (tools, tests) several as `{ quotes: [...] }`. */
const payloadSchema = z.union([quoteNotificationSchema, z.object({ quotes: z.array(quoteNotificationSchema) })]);

export type ParsedNotification = { ok: true; quotes: QuoteNotification[] } | { ok: false; reason: string };

/** Reads a NOTIFY payload; anything that is not the contract is refused with a reason, never thrown. */
export function parseQuoteNotification(payload: string): ParsedNotification {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, quotes: 'quotes' in parsed.data ? parsed.data.quotes : [parsed.data] };
}

export function encodeQuoteNotification(notification: QuoteNotification): string {
  return JSON.stringify(notification);
}

/**
 * The spec's default rate (§9) in stored terms. The spec lists GBPEUR, which is stored as EURGBP, so EURGBP's default
 * is 1 / 1.1854; a listener shows FALLBACK_RATES of the user-facing pair anyway (see toLiveQuotes).
 */
export function storedFallbackRate(pair: string): number {
  return pair === 'EURGBP' ? 1 / Number(FALLBACK_RATES.GBPEUR) : Number(fallbackRate(pair));
}

/** What the worker publishes for a stored pair when a poll fails at `at` with the spec's `error`. */
export function fallbackNotification(pair: StoredPair, at: Date, error: string): QuoteNotification {
  const rate = storedFallbackRate(pair);
  return { pair, bid: rate, ask: rate, mid: rate, ts: at.toISOString(), source: 'fallback', fallback: true, error };
}

// The browser's side of the contract (the socket's path and close codes, LiveQuote and its reader) lives in
// live-socket.ts, free of zod, so the calculator's first load does not carry a schema library for one array.
export {
  encodeLiveMessage,
  LIVE_CLOSE,
  LIVE_PATH,
  type LiveQuote,
  parseLiveMessage,
} from './live-socket';

/** A price in stored terms: a notification, or the newest stored quote or bar (`stored`) read at start. */
export type StoredPrice =
  | QuoteNotification
  | { pair: string; bid: number; ask: number; mid: number; ts: string; source: 'stored' };

/**
 * Stored prices as the pairs brokers see: GBPEUR from EURGBP (inverted, so bid and ask swap), every price to 6
 * decimals. A fallback shows the spec's rate for the user-facing pair itself (GBPEUR exactly 1.1854). Every catalogue
 * pair whose stored prices are there is served (issue 34): a direct pair from its own, a derived cross from its two
 * legs (bid × bid, ask × ask: what dealing through both legs costs), stamped with the older leg's time; a daily-only
 * pair has no live quote. A cross's quote names its legs (`derived`), so the screen says how it was made.
 */
export function toLiveQuotes(prices: readonly StoredPrice[]): LiveQuote[] {
  const byPair = new Map<string, StoredPrice>(prices.map((p) => [p.pair, p]));
  const out: LiveQuote[] = [];
  for (const info of PAIR_CATALOGUE) {
    const pair = info.code;
    if (info.sourcing.kind === 'daily') continue;
    if (info.sourcing.kind === 'derived') {
      const legs = info.sourcing.legs.map((leg) => ({ leg, p: byPair.get(leg.stored) }));
      if (legs.some((l) => !l.p || l.p.source === 'fallback')) continue;
      const sides = legs.map(({ leg, p }) => {
        const q = p as Exclude<StoredPrice, { source: 'fallback' }>;
        return leg.invert ? { bid: 1 / q.ask, ask: 1 / q.bid, mid: 1 / q.mid } : { bid: q.bid, ask: q.ask, mid: q.mid };
      });
      const [a, b] = sides as [(typeof sides)[number], (typeof sides)[number]];
      const [pa, pb] = legs.map((l) => l.p as StoredPrice) as [StoredPrice, StoredPrice];
      const { invert } = info;
      const bid = a.bid * b.bid;
      const ask = a.ask * b.ask;
      out.push({
        pair,
        bid: servePrice(invert ? ask : bid, invert),
        ask: servePrice(invert ? bid : ask, invert),
        mid: servePrice(a.mid * b.mid, invert),
        timestamp: Math.min(Date.parse(pa.ts), Date.parse(pb.ts)),
        source: pa.source === pb.source ? pa.source : 'stored',
        derived: crossRecordOf(pair)?.legs.join(' × '),
      });
      continue;
    }
    const { stored: key, invert } = info;
    const p = byPair.get(key);
    if (!p) continue;
    const timestamp = Date.parse(p.ts);
    if (p.source === 'fallback') {
      const rate = Number(fallbackRate(pair));
      out.push({ pair, bid: rate, ask: rate, mid: rate, timestamp, source: 'fallback', error: p.error });
      continue;
    }
    out.push({
      pair,
      bid: servePrice(invert ? p.ask : p.bid, invert),
      ask: servePrice(invert ? p.bid : p.ask, invert),
      mid: servePrice(p.mid, invert),
      timestamp,
      source: p.source,
    });
  }
  return out;
}
