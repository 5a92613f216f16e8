/**
 * Live quotes for browsers. Each server process holds ONE LISTEN connection (QUOTES_CHANNEL, written by the worker's
 * poller) and fans every quote out in memory to its subscribers (the browsers' sockets, api/http/live-fanout.ts, one
 * message per batch; the series cache), so any number of server processes behind a load balancer each receive every
 * quote. The latest quote per pair is kept, seeded from the newest stored price, so a new subscriber gets a price at
 * once, even before the worker's first poll. The contract (channel, payload, GBPEUR, fallback) is
 * shared/src/live-quote.ts.
 */
import { EventEmitter } from 'node:events';
import {
  type LiveQuote,
  parseQuoteNotification,
  QUOTES_CHANNEL,
  type StoredPrice,
  toLiveQuotes,
} from '@pippitch/shared/live-quote';
import { PROVIDER_PAIRS, pairInfo } from '@pippitch/shared/pair-catalogue';
import { type CurrencyPair, SUPPORTED_PAIRS } from '@pippitch/shared/pairs';
import { type Database, type Listener, type Log, listen } from '@pippitch/sql';
import { sql } from 'kysely';

export type { LiveQuote } from '@pippitch/shared/live-quote';

export class QuoteHub {
  private readonly events = new EventEmitter();
  private readonly latest = new Map<CurrencyPair, LiveQuote>();
  /**
   * The latest price of each stored pair, in stored terms: a derived cross (GBP/PLN = GBP/USD × USD/PLN) is priced
   * from both legs, while each NOTIFY carries one, so the other leg's latest is kept here (issue 34).
   */
  private readonly stored = new Map<string, StoredPrice>();
  private listener: Listener | null = null;
  /** The seeding read in flight, shared by everyone who asks for it meanwhile. */
  private seeding: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly url: string,
    private readonly log: Log = () => {},
  ) {
    this.events.setMaxListeners(0);
  }

  /** Seeds the snapshot from storage at once, and LISTENs (catching up again after every reconnection). */
  start(): void {
    void this.seed();
    this.listener = listen(this.url, [QUOTES_CHANNEL], (_channel, payload) => this.onNotify(payload), {
      log: this.log,
      onConnect: () => {
        // Anything may have changed while the connection was down: caches keyed on quotes start afresh, and the
        // snapshot catches up on what was published meanwhile.
        this.events.emit('reset');
        void this.seed();
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
  /** This process's latest quote for one pair: what a calculation saved now is stored with. */
  latestFor(pair: CurrencyPair): LiveQuote | undefined {
    return this.latest.get(pair);
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

  /**
   * Calls `fn` once per published batch with the quotes in it that changed (never empty): what a fan-out serialises
   * once for all its sockets. Returns the unsubscribe function.
   */
  subscribeBatches(fn: (quotes: readonly LiveQuote[]) => void): () => void {
    this.events.on('batch', fn);
    return () => this.events.off('batch', fn);
  }

  /** True once each of the spec's six has a quote (a first start, while the data set loads, may lack some). */
  complete(): boolean {
    return SUPPORTED_PAIRS.every((p) => this.latest.has(p));
  }

  publish(quotes: LiveQuote[]): void {
    const changed: LiveQuote[] = [];
    for (const q of quotes) {
      const prev = this.latest.get(q.pair);
      // Late or repeated delivery from one source (the catch-up after a reconnection) changes nothing, and a stored
      // price never replaces one as new or newer. A change of source always shows: a recovered feed's quote may
      // carry a vendor time a little before the failed poll whose fallback rate it replaces.
      if (prev && prev.timestamp >= q.timestamp && (q.source === prev.source || q.source === 'stored')) continue;
      this.latest.set(q.pair, q);
      changed.push(q);
      this.events.emit('quote', q);
    }
    if (changed.length > 0) this.events.emit('batch', changed);
  }

  private onNotify(payload: string): void {
    const parsed = parseQuoteNotification(payload);
    if (!parsed.ok) {
      this.log(`quotes: ignoring malformed notification (${parsed.reason})`, 'warn');
      return;
    }
    for (const q of parsed.quotes) this.stored.set(q.pair, q);
    this.publishStored(new Set(parsed.quotes.map((q) => q.pair)));
  }

  /**
   * Publishes the live quotes of the pairs priced from the stored pairs that moved: the pair itself and each derived
   * cross with it as a leg. A cross whose other leg has not moved yet keeps the older leg's time, so publish() lets
   * it through once per poll, when the second leg arrives: both legs from the same poll.
   */
  private publishStored(moved: ReadonlySet<string>): void {
    this.publish(toLiveQuotes([...this.stored.values()]).filter((q) => livePairUses(q.pair, moved)));
  }

  /** Reads the newest stored prices into the snapshot; one read at a time, failures logged (the next call retries). */
  seed(): Promise<void> {
    this.seeding ??= loadLatestPrices(this.db)
      .then((prices) => {
        // A stored price never replaces a newer one heard meanwhile.
        for (const p of prices) {
          const prev = this.stored.get(p.pair);
          if (!prev || Date.parse(prev.ts) < Date.parse(p.ts)) this.stored.set(p.pair, p);
        }
        this.publish(toLiveQuotes(prices));
      })
      .catch((err: Error) => this.log(`quotes: cannot read the latest stored prices: ${err.message}`, 'warn'))
      .finally(() => {
        this.seeding = null;
      });
    return this.seeding;
  }
}

/**
 * The newest stored price of every pair the market quotes (pairs no desk quotes have none and cost two empty probes): its newest quote (bid and ask as fetched) or its newest minute bar's
 * close, whichever is later (an import can be newer than the last quote), labelled `stored` with its own time. Two
 * primary-key probes per pair.
 */
export async function loadLatestPrices(db: Database): Promise<StoredPrice[]> {
  const { rows } = await sql<{
    pair: string;
    q_ts: Date | null;
    bid: number | null;
    ask: number | null;
    mid: number | null;
    b_ts: Date | null;
    close: number | null;
  }>`
    SELECT p.pair, q.ts AS q_ts, q.bid, q.ask, q.mid, b.ts AS b_ts, b.close
    FROM unnest(${[...PROVIDER_PAIRS]}::text[]) AS p (pair)
    LEFT JOIN LATERAL (SELECT ts, bid, ask, mid FROM fx_quotes WHERE pair = p.pair ORDER BY ts DESC LIMIT 1) q ON true
    LEFT JOIN LATERAL (SELECT ts, close FROM fx_minute_bars WHERE pair = p.pair ORDER BY ts DESC LIMIT 1) b ON true`.execute(
    db,
  );
  const prices: StoredPrice[] = [];
  for (const r of rows) {
    // A bar is stamped with its minute's start; its close is the price at the minute's last quote, which the quote
    // row itself holds when there is one, so a quote of the bar's minute or later wins.
    const quoteWins = r.q_ts && (!r.b_ts || r.q_ts.getTime() >= r.b_ts.getTime());
    if (quoteWins && r.bid !== null && r.ask !== null && r.mid !== null) {
      prices.push({ pair: r.pair, bid: r.bid, ask: r.ask, mid: r.mid, ts: r.q_ts!.toISOString(), source: 'stored' });
    } else if (r.b_ts && r.close !== null) {
      const c = r.close;
      prices.push({ pair: r.pair, bid: c, ask: c, mid: c, ts: r.b_ts.toISOString(), source: 'stored' });
    }
  }
  return prices;
}

/** Whether a live pair is priced from one of these stored pairs (its own, or one of a derived cross's legs). */
function livePairUses(pair: CurrencyPair, stored: ReadonlySet<string>): boolean {
  const info = pairInfo(pair);
  if (info.sourcing.kind === 'derived') return info.sourcing.legs.some((leg) => stored.has(leg.stored));
  return stored.has(info.stored);
}
