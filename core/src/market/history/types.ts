/**
 * A history provider: where real minute bars for the past come from (issue 21). The worker's backfill asks it for
 * a span of one pair's minutes and stores what it answers with the provider's `source` on every bar.
 */
import type { BarSource } from '@pippitch/shared/sources';

/** One minute of mid prices (the average of bid and ask), `ts` the minute's start in UTC epoch ms. */
export interface HistoryBar {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface HistoryProvider {
  /** Key in market_fetch_status and fx_history_backfill ('dukascopy', 'tradermade', 'bundled'). */
  readonly name: string;
  /** What the screen says about the source ('Dukascopy (free, no key)'). */
  readonly description: string;
  /** The source stored on each bar; null for the bundled set, which has no real minutes to give. */
  readonly source: Extract<BarSource, 'dukascopy' | 'tradermade'> | null;
  /**
   * The minutes of `pair` in [fromMs, toMs) that the provider has, oldest first. Spans are at most one UTC day
   * and end on a whole hour: the backfill asks for no more. An empty answer means the provider has no prices
   * there (a holiday); a rejection means it could not be asked (network, HTTP error, a refused key) and the
   * backfill tries the same span again later.
   */
  fetchMinutes(pair: string, fromMs: number, toMs: number, signal?: AbortSignal): Promise<HistoryBar[]>;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The bundled data set as a provider: nothing real to give; the backfill does nothing and says so. */
export const bundledHistory: HistoryProvider = {
  name: 'bundled',
  description: 'Bundled data set (ECB-anchored, simulated intraday)',
  source: null,
  async fetchMinutes() {
    return [];
  },
};
