import type { CurrencyPair } from '@pippitch/shared/pairs';
import { storageFor } from '@pippitch/shared/pairs';
import type { QuoteHub } from '../live/quote-hub';
import type { Series } from './history';

/**
 * Chart series are the same for every broker and change only when new bars arrive, which the worker
 * announces with every quote (NOTIFY fx_quotes). This per-process cache serves repeated requests for a
 * timeframe without a query until the next quote for that pair. A request that was already computing when
 * a quote arrived does not store its (possibly older) result; entries also expire after `ttlMs` as a safety
 * net (e.g. a CSV import, which sends no quote).
 */
export class SeriesCache {
  private readonly entries = new Map<string, { series: Series; at: number }>();
  private readonly generations = new Map<string, number>();
  /** Bumped by clear(): a result computed before a reconnection is never stored after it. */
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    hub: QuoteHub,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {
    const offReset = hub.onReset(() => this.clear());
    const offQuote = hub.subscribe((q) => this.invalidate(storageFor(q.pair).stored));
    this.unsubscribe = () => {
      offReset();
      offQuote();
    };
  }

  /** The stored pair's generation now: pass it back to `set` so a stale result is never stored. */
  generation(pair: CurrencyPair): string {
    return `${this.epoch}:${this.generations.get(storageFor(pair).stored) ?? 0}`;
  }

  get(pair: CurrencyPair, key: string): Series | undefined {
    const e = this.entries.get(`${pair}|${key}`);
    if (!e) return undefined;
    if (Date.now() - e.at > this.ttlMs) {
      this.entries.delete(`${pair}|${key}`);
      return undefined;
    }
    return e.series;
  }

  set(pair: CurrencyPair, key: string, series: Series, generation: string): void {
    if (this.generation(pair) !== generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(`${pair}|${key}`, { series, at: Date.now() });
  }

  invalidate(storedPair: string): void {
    this.generations.set(storedPair, (this.generations.get(storedPair) ?? 0) + 1);
    for (const k of this.entries.keys()) {
      const [pair] = k.split('|');
      if (pair && storageFor(pair as CurrencyPair).stored === storedPair) this.entries.delete(k);
    }
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  stop(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
