/**
 * The configured vendor's own minute history: TraderMade's timeseries API with FX_FEED_API_KEY,
 * `GET {FX_FEED_URL}/timeseries?currency=EURUSD&start_date=…&end_date=…&interval=minute&period=1&format=records`.
 * The backfill asks for at most one UTC day per request (TraderMade caps minute requests at a few days). The key
 * never appears in an error or a log line.
 */
import type { HistoryProvider } from '../../history/types';
import { barsFromTimeseries, timeseriesDate } from './history-transform';

export interface TraderMadeHistoryOptions {
  baseUrl: string;
  apiKey: string;
  /** Per request (20 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createTraderMadeHistory(options: TraderMadeHistoryOptions): HistoryProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/timeseries`;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'tradermade',
    description: 'TraderMade timeseries',
    source: 'tradermade',
    async fetchMinutes(pair, fromMs, toMs, signal) {
      const url = new URL(endpoint);
      url.searchParams.set('currency', pair);
      url.searchParams.set('api_key', options.apiKey);
      url.searchParams.set('start_date', timeseriesDate(fromMs));
      // The end is inclusive at TraderMade: the last minute wanted.
      url.searchParams.set('end_date', timeseriesDate(toMs - 60_000));
      url.searchParams.set('interval', 'minute');
      url.searchParams.set('period', '1');
      url.searchParams.set('format', 'records');
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await doFetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          headers: { accept: 'application/json' },
        });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new Error(`TraderMade timeseries timed out after ${timeoutMs} ms`);
        const cause = (err as { cause?: { code?: string } }).cause?.code ?? 'network error';
        throw new Error(`TraderMade timeseries unreachable: ${cause}`);
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`TraderMade timeseries: HTTP ${res.status} for ${pair}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error('TraderMade timeseries: the answer is not JSON');
      }
      return barsFromTimeseries(body).filter((b) => b.ts >= fromMs && b.ts < toMs);
    },
  };
}
