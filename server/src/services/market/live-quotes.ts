/**
 * Live quotes for browsers. Each server process holds ONE LISTEN connection (channel fx_quotes, written
 * by the worker's poller) and fans every quote out in memory to its subscribers, so any number of server
 * processes behind a load balancer each receive every quote. The latest quote per pair is cached so a new
 * subscriber gets it at once.
 */
import { EventEmitter } from 'node:events';
import { type CurrencyPair, fallbackRate, SUPPORTED_PAIRS, storageFor } from '@pippitch/shared/pairs';
import { type Database, type Listener, listen } from '@pippitch/sql';
import { sql } from 'kysely';
import { z } from 'zod';

export const QUOTES_CHANNEL = 'fx_quotes';

export interface LiveQuote {
  pair: CurrencyPair;
  bid: number;
  ask: number;
  mid: number;
  /** Quote time, ms since epoch. */
  timestamp: number;
  source: 'feed' | 'simulated' | 'fallback' | 'stored';
  /** The feed's error while the spec's fallback rate is served. */
  error?: string | undefined;
}

const storedQuote = z.object({
  pair: z.string(),
  bid: z.number(),
  ask: z.number(),
  mid: z.number(),
  ts: z.string(),
  source: z.string(),
  fallback: z.boolean().optional(),
  error: z.string().optional(),
});
type StoredQuote = z.infer<typeof storedQuote>;

/** What the worker NOTIFYs (see worker/src/market): one quote, or every pair of one poll. */
const notifyPayload = z.union([z.object({ quotes: z.array(storedQuote) }), storedQuote]);

const r6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Turns the stored pairs' quotes into the pairs brokers see (GBPEUR from EURGBP: bid and ask swap). */
export function toLiveQuotes(stored: StoredQuote[]): LiveQuote[] {
  const byPair = new Map(stored.map((q) => [q.pair, q]));
  const out: LiveQuote[] = [];
  for (const pair of SUPPORTED_PAIRS) {
    const { stored: key, invert } = storageFor(pair);
    const q = byPair.get(key);
    if (!q) continue;
    const source = q.fallback
      ? 'fallback'
      : q.source === 'feed'
        ? 'feed'
        : q.source === 'simulated'
          ? 'simulated'
          : 'stored';
    if (q.fallback) {
      // The spec's fallback rate is defined for the pair as brokers see it, GBPEUR included.
      const rate = Number(fallbackRate(pair));
      out.push({ pair, bid: rate, ask: rate, mid: rate, timestamp: Date.parse(q.ts), source, error: q.error });
      continue;
    }
    out.push({
      pair,
      bid: r6(invert ? 1 / q.ask : q.bid),
      ask: r6(invert ? 1 / q.bid : q.ask),
      mid: r6(invert ? 1 / q.mid : q.mid),
      timestamp: Date.parse(q.ts),
      source,
    });
  }
  return out;
}

export class QuoteHub {
  private readonly events = new EventEmitter();
  private readonly latest = new Map<CurrencyPair, LiveQuote>();
  private listener: Listener | null = null;

  constructor(
    private readonly db: Database,
    private readonly url: string,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.events.setMaxListeners(0);
  }

  start(): void {
    this.listener = listen(this.url, [QUOTES_CHANNEL], (_channel, payload) => this.onNotify(payload), {
      log: this.log,
      // After every (re)connection, catch up from the table: anything published while we were away.
      onConnect: () => {
        // Anything may have changed while the connection was down: caches keyed on quotes start afresh.
        this.events.emit('reset');
        void this.loadLatest().catch((err) => this.log(`quotes: cannot load latest: ${err.message}`));
      },
    });
  }

  async stop(): Promise<void> {
    await this.listener?.close();
    this.events.removeAllListeners();
  }

  snapshot(): LiveQuote[] {
    return [...this.latest.values()];
  }

  /** Calls `fn` after every (re)connection of the LISTEN connection; returns the unsubscribe function. */
  onReset(fn: () => void): () => void {
    this.events.on('reset', fn);
    return () => this.events.off('reset', fn);
  }

  /** Calls `fn` with every quote from now on; returns the unsubscribe function. */
  subscribe(fn: (q: LiveQuote) => void): () => void {
    this.events.on('quote', fn);
    return () => this.events.off('quote', fn);
  }

  publish(quotes: LiveQuote[]): void {
    for (const q of quotes) {
      const prev = this.latest.get(q.pair);
      // Late or repeated delivery (e.g. the catch-up after a reconnection) changes nothing.
      if (prev && prev.timestamp >= q.timestamp && prev.source === q.source) continue;
      this.latest.set(q.pair, q);
      this.events.emit('quote', q);
    }
  }

  private onNotify(payload: string): void {
    try {
      const parsed = notifyPayload.safeParse(JSON.parse(payload));
      if (!parsed.success) {
        this.log(`quotes: ignoring malformed notification: ${parsed.error.issues[0]?.message}`);
        return;
      }
      this.publish(toLiveQuotes('quotes' in parsed.data ? parsed.data.quotes : [parsed.data]));
    } catch (err) {
      this.log(`quotes: ignoring unreadable notification: ${(err as Error).message}`);
    }
  }

  /** The newest stored quote per pair, or failing that the newest minute bar's close. */
  async loadLatest(): Promise<void> {
    const rows = await sql<{ pair: string; bid: number; ask: number; mid: number; ts: Date; source: string }>`
      SELECT DISTINCT ON (pair) pair, bid, ask, mid, ts, source FROM fx_quotes ORDER BY pair, ts DESC`.execute(this.db);
    const quotes: StoredQuote[] = rows.rows.map((r) => ({ ...r, ts: r.ts.toISOString() }));
    const have = new Set(quotes.map((q) => q.pair));
    const missing = ['GBPUSD', 'EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'].filter((p) => !have.has(p));
    if (missing.length) {
      const bars = await sql<{ pair: string; close: number; ts: Date }>`
        SELECT p.pair, b.close, b.ts FROM unnest(${missing}::text[]) p(pair)
        CROSS JOIN LATERAL (SELECT close, ts FROM fx_minute_bars WHERE pair = p.pair ORDER BY ts DESC LIMIT 1) b`.execute(
        this.db,
      );
      for (const b of bars.rows) {
        quotes.push({
          pair: b.pair,
          bid: b.close,
          ask: b.close,
          mid: b.close,
          ts: b.ts.toISOString(),
          source: 'stored',
        });
      }
    }
    this.publish(toLiveQuotes(quotes));
  }
}
