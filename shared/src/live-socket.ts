/**
 * The browser's side of the live-quote contract (live-quote.ts holds the rest): the socket's path, how it closes,
 * the quote it carries and the one reader of its messages, used by the browser and the server's tests alike.
 * Without zod on purpose: the calculator's first load carried 25 KB of schema library for this one array (issue 24).
 */
import { CATALOGUE_CODES } from './pair-catalogue';
import type { CurrencyPair } from './pairs';
import { LIVE_SOURCES, type LiveSource } from './sources';

/** The live rate of one user-facing pair, as browsers receive it (over LIVE_PATH). */
export interface LiveQuote {
  pair: CurrencyPair;
  bid: number;
  ask: number;
  mid: number;
  /** Quote time, ms since epoch. */
  timestamp: number;
  source: LiveSource;
  /** The feed's error while the spec's fallback rate is served. */
  error?: string | undefined;
  /** A derived cross's two legs, multiplied at the same poll ('GBP/USD × USD/PLN'); absent for a direct pair. */
  derived?: string | undefined;
}

/**
 * Browsers' live quotes: a WebSocket at this path (same origin, the session cookie authenticates it). Every message is
 * a JSON array of LiveQuote: first the latest of each pair, then each batch of new quotes as one message, serialised
 * once for every socket (docs/decisions.md, Live fan-out).
 */
export const LIVE_PATH = '/live';

/**
 * How the server ends a live socket, and what the browser does: `signedOut` (no session, or it ended: sign-out,
 * deactivation, password reset, the company losing access) sends the person to sign in; `noAccess` (the company has
 * no access when the socket opens) shows the reason and the default rates, without reconnecting. Any other close
 * (a restart, a slow consumer cut off, the network) is retried with a bounded backoff.
 */
export const LIVE_CLOSE = { signedOut: 4401, noAccess: 4403 } as const;

const PAIRS: ReadonlySet<string> = new Set(CATALOGUE_CODES);
const SOURCES: ReadonlySet<string> = new Set(LIVE_SOURCES);
const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** One quote of a message, or null when it is not the contract (every field checked, nothing else kept). */
function readLiveQuote(value: unknown): LiveQuote | null {
  if (!value || typeof value !== 'object') return null;
  const q = value as Record<string, unknown>;
  if (typeof q.pair !== 'string' || !PAIRS.has(q.pair)) return null;
  if (!isPrice(q.bid) || !isPrice(q.ask) || !isPrice(q.mid)) return null;
  if (typeof q.timestamp !== 'number' || !Number.isFinite(q.timestamp)) return null;
  if (typeof q.source !== 'string' || !SOURCES.has(q.source)) return null;
  if (q.error !== undefined && typeof q.error !== 'string') return null;
  if (q.derived !== undefined && typeof q.derived !== 'string') return null;
  return {
    pair: q.pair as CurrencyPair,
    bid: q.bid,
    ask: q.ask,
    mid: q.mid,
    timestamp: q.timestamp,
    source: q.source as LiveSource,
    ...(q.error !== undefined && { error: q.error as string }),
    ...(q.derived !== undefined && { derived: q.derived as string }),
  };
}

/** Reads one message on LIVE_PATH (its JSON text); throws when it is not an array of LiveQuote. */
export function parseLiveMessage(text: string): LiveQuote[] {
  const json: unknown = JSON.parse(text);
  if (!Array.isArray(json)) throw new TypeError('a live message is an array of quotes');
  return json.map((item, i) => {
    const quote = readLiveQuote(item);
    if (!quote) throw new TypeError(`live message: quote ${i} is not a LiveQuote`);
    return quote;
  });
}

/** One message on LIVE_PATH, as sent: serialised once per batch, whatever the number of sockets. */
export function encodeLiveMessage(quotes: readonly LiveQuote[]): string {
  return JSON.stringify(quotes);
}
