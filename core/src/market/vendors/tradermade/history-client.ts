/**
 * The configured vendor's own minute history: TraderMade's timeseries API with FX_FEED_API_KEY,
 * `GET {FX_FEED_URL}/timeseries?currency=EURUSD&start_date=…&end_date=…&interval=minute&period=1&format=records`.
 * The backfill asks for at most one UTC day per request (TraderMade caps minute requests at a few days). The key
 * never appears in an error or a log line.
 */
import type { HistoryProvider } from '../../history/types';
import { createTraderMadeClient, type TraderMadeClientOptions, TraderMadeError } from './client';
import { barsFromTimeseries, timeseriesDate } from './history-transform';

/** The API base, the key, and a request's deadline (default 20 s). */
export type TraderMadeHistoryOptions = TraderMadeClientOptions;

export function createTraderMadeHistory(options: TraderMadeHistoryOptions): HistoryProvider {
  const client = createTraderMadeClient(options, 20_000);
  return {
    name: 'tradermade',
    description: 'TraderMade timeseries',
    source: 'tradermade',
    async fetchMinutes(pair, fromMs, toMs, signal) {
      const params = {
        currency: pair,
        start_date: timeseriesDate(fromMs),
        // The end is inclusive at TraderMade: the last minute wanted.
        end_date: timeseriesDate(toMs - 60_000),
        interval: 'minute',
        period: '1',
        format: 'records',
      };
      let text: string;
      try {
        text = await client.get('timeseries', params, signal);
      } catch (err) {
        if (!(err instanceof TraderMadeError)) throw err;
        const { failure } = err;
        if (failure.kind === 'timeout') throw new Error(`TraderMade timeseries timed out after ${failure.ms} ms`);
        if (failure.kind === 'http') throw new Error(`TraderMade timeseries: HTTP ${failure.status} for ${pair}`);
        throw new Error(`TraderMade timeseries unreachable: ${failure.code ?? 'network error'}`);
      }
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
