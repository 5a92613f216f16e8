/**
 * TraderMade's REST API as both our uses call it (`live` for the feed, `timeseries` for history): one base URL and
 * key, a GET with a deadline and the caller's abort signal, and the answer's text. Each use words its own failures
 * (the feed's are the spec's messages), so this reports what went wrong as a `TraderMadeFailure`, never a message
 * of its own. The key never appears in an error or a log line.
 */
export interface TraderMadeClientOptions {
  /** API base, e.g. https://marketdata.tradermade.com/api/v1. */
  baseUrl: string;
  apiKey: string;
  /** Abort a request after this long; each use has its default (`createTraderMadeClient`'s second argument). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type TraderMadeFailure =
  | { kind: 'timeout'; ms: number }
  | { kind: 'unreachable'; code: string | undefined; detail: string }
  | { kind: 'http'; status: number };

export class TraderMadeError extends Error {
  constructor(readonly failure: TraderMadeFailure) {
    super(`TraderMade ${failure.kind}`);
  }
}

export interface TraderMadeClient {
  /** GET {base}/{path}?{params}&api_key=…: the body's text, or a TraderMadeError (the signal's reason if it aborted). */
  get(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<string>;
}

/** A client whose every request has the options' deadline, else `defaultTimeoutMs`. */
export function createTraderMadeClient(options: TraderMadeClientOptions, defaultTimeoutMs: number): TraderMadeClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return {
    async get(path, params, signal) {
      const url = new URL(`${base}/${path}`);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      url.searchParams.set('api_key', options.apiKey);
      const timeout = AbortSignal.timeout(timeoutMs);
      const failed = (err: unknown): never => {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new TraderMadeError({ kind: 'timeout', ms: timeoutMs });
        // undici reports 'fetch failed' and keeps the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
        const e = err as { message?: string; cause?: { code?: string; message?: string } };
        const detail = e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
        throw new TraderMadeError({ kind: 'unreachable', code: e.cause?.code, detail });
      };
      let res: Response;
      try {
        res = await doFetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          headers: { accept: 'application/json' },
        });
      } catch (err) {
        return failed(err);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new TraderMadeError({ kind: 'http', status: res.status });
      }
      try {
        return await res.text();
      } catch (err) {
        return failed(err);
      }
    },
  };
}
