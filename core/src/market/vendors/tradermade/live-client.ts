import { type Feed, type Quote, refuseUnquotable } from '../../live/types';
import { createTraderMadeClient, type TraderMadeClientOptions, TraderMadeError } from './client';
import { NO_RATE_DATA, quotesFromLiveResponse } from './live-transform';

/**
 * The API base, e.g. https://marketdata.tradermade.com/api/v1 (the client calls {base}/live), the key, and a request's
 * deadline (default 10 s): a hung vendor must not stall the 30 s poll.
 */
export type TraderMadeOptions = TraderMadeClientOptions;

const PAIR = /^[A-Z]{6}$/;

/**
 * TraderMade-compatible live rates: `GET {base}/live?currency=GBPUSD,EURGBP,…&api_key=…`. Failures reject with the
 * spec's messages (see Feed); the API key never appears in an error or a log line.
 */
export function createTraderMadeFeed(options: TraderMadeOptions): Feed {
  const client = createTraderMadeClient(options, 10_000);
  return {
    name: 'tradermade',
    source: 'feed',
    async fetchQuotes(pairs: readonly string[]): Promise<Quote[]> {
      refuseUnquotable(pairs, (p) => PAIR.test(p));
      if (pairs.length === 0) return [];
      let text: string;
      try {
        text = await client.get('live', { currency: pairs.join(',') });
      } catch (err) {
        throw new Error(feedMessage(err));
      }
      if (text.trim() === '') throw new Error(NO_RATE_DATA);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error('Malformed response from rate feed (not JSON)');
      }
      return quotesFromLiveResponse(body, pairs);
    },
  };
}

/** The spec's words for a failed poll. */
function feedMessage(err: unknown): string {
  if (!(err instanceof TraderMadeError)) return `Rate feed unreachable: ${String(err)}`;
  const { failure } = err;
  if (failure.kind === 'timeout') return `Rate feed timed out after ${failure.ms} ms`;
  if (failure.kind === 'http') return `HTTP error! status: ${failure.status}`;
  return `Rate feed unreachable: ${failure.detail}`;
}
