import type { Feed, Quote } from '../../live/types';
import { NO_RATE_DATA, quotesFromLiveResponse, unsupportedPair } from './live-transform';

export interface TraderMadeOptions {
  /** API base, e.g. https://marketdata.tradermade.com/api/v1 (the client calls {base}/live). */
  baseUrl: string;
  apiKey: string;
  /** Abort a request after this long (default 10 s): a hung vendor must not stall the 30 s poll. */
  timeoutMs?: number;
}

const PAIR = /^[A-Z]{6}$/;

/**
 * TraderMade-compatible live rates: `GET {base}/live?currency=GBPUSD,EURGBP,…&api_key=…`. Failures reject with the
 * spec's messages (see Feed); the API key never appears in an error or a log line.
 */
export function createTraderMadeFeed(options: TraderMadeOptions): Feed {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/live`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'tradermade',
    source: 'feed',
    async fetchQuotes(pairs: readonly string[]): Promise<Quote[]> {
      const bad = pairs.find((p) => !PAIR.test(p));
      if (bad !== undefined) throw new Error(unsupportedPair(bad));
      if (pairs.length === 0) return [];
      const url = new URL(endpoint);
      url.searchParams.set('currency', pairs.join(','));
      url.searchParams.set('api_key', options.apiKey);
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      } catch (err) {
        throw new Error(describeFetchFailure(err, timeoutMs));
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new Error(`HTTP error! status: ${res.status}`);
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        throw new Error(describeFetchFailure(err, timeoutMs));
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

function describeFetchFailure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `Rate feed timed out after ${timeoutMs} ms`;
  // undici reports 'fetch failed' and keeps the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const detail = e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return `Rate feed unreachable: ${detail}`;
}
