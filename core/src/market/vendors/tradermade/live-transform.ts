import { type Quote, unsupportedPair } from '../../live/types';

// The TraderMade `/live` payload, and its pure translation into our quotes. Kept apart from the HTTP client so the
// vendor's shape and its failure modes are tested without a network.
//
//   { "endpoint": "live", "timestamp": 1636132286, "requested_time": "…",
//     "quotes": [ { "base_currency": "GBP", "quote_currency": "USD", "bid": 1.3401, "ask": 1.3402, "mid": 1.34015 },
//                 { "instrument": "GBPXYZ", "error": 400, "message": "currency code is invalid" } ] }

export const NO_RATE_DATA = 'No rate data received';

interface VendorQuote {
  base_currency?: unknown;
  quote_currency?: unknown;
  instrument?: unknown;
  bid?: unknown;
  ask?: unknown;
  mid?: unknown;
  error?: unknown;
}

/**
 * One quote per requested pair from a parsed `/live` body, in the order requested. Throws the spec's messages:
 * 'No rate data received' when the body has no quotes; 'Unsupported currency pair: X' when X is missing from the
 * answer or the vendor flags it (unknown instrument). Quotes for pairs we did not ask for are ignored.
 */
export function quotesFromLiveResponse(body: unknown, requested: readonly string[]): Quote[] {
  if (!isObject(body) || !Array.isArray(body.quotes) || body.quotes.length === 0) throw new Error(NO_RATE_DATA);
  const seconds = body.timestamp;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new Error('Rate feed response has no valid timestamp');
  }
  const ts = new Date(Math.round(seconds * 1000));
  const byPair = new Map<string, VendorQuote>();
  for (const q of body.quotes as unknown[]) {
    if (!isObject(q)) continue;
    const pair = pairOf(q);
    if (pair && q.error === undefined) byPair.set(pair, q);
  }
  return requested.map((pair) => {
    const q = byPair.get(pair);
    if (!q) throw new Error(unsupportedPair(pair));
    const bid = positive(q.bid);
    const ask = positive(q.ask);
    if (bid === null || ask === null || ask < bid) throw new Error(`Invalid quote for ${pair} from rate feed`);
    const given = positive(q.mid);
    const mid = given !== null && given >= bid && given <= ask ? given : (bid + ask) / 2;
    return { pair, bid, ask, mid, ts, source: 'feed' as const };
  });
}

function pairOf(q: VendorQuote): string | null {
  if (typeof q.base_currency === 'string' && typeof q.quote_currency === 'string') {
    return `${q.base_currency}${q.quote_currency}`.toUpperCase();
  }
  return typeof q.instrument === 'string' ? q.instrument.toUpperCase() : null;
}

function positive(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
