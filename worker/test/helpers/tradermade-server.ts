import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking TraderMade's `/live` protocol, so tests drive the real HTTP client (design.md §6).

export type LiveMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: 'malformed' }
  | { kind: 'empty-body' }
  | { kind: 'no-quotes' }
  | { kind: 'drop'; pair: string }
  | { kind: 'hang' };

export interface LiveServer {
  /** API base to configure the client with (…/api/v1). */
  baseUrl: string;
  apiKey: string;
  mode: LiveMode;
  /** Seconds since epoch the server stamps on quotes (default: the real clock). */
  now: () => number;
  requests: URL[];
  close(): Promise<void>;
}

/** Mid prices the server quotes; anything else is an unknown instrument, reported the way TraderMade does. */
const MIDS: Record<string, number> = {
  GBPUSD: 1.3401,
  EURGBP: 0.8712,
  EURUSD: 1.1675,
  GBPNOK: 13.4221,
  GBPSEK: 12.6612,
  GBPAUD: 2.0311,
};

export async function startLiveServer(): Promise<LiveServer> {
  let tick = 0;
  const state: LiveServer = {
    baseUrl: '',
    apiKey: 'test-key',
    mode: { kind: 'ok' },
    now: () => Date.now() / 1000,
    requests: [],
    close: async () => {},
  };
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(url);
    if (url.pathname !== '/api/v1/live') return send(res, 404, '{"message":"not found"}');
    if (url.searchParams.get('api_key') !== state.apiKey) {
      return send(res, 401, '{"error":401,"message":"Invalid API Key"}');
    }
    const mode = state.mode;
    switch (mode.kind) {
      case 'status':
        return send(res, mode.status, '{"error":"boom"}');
      case 'malformed':
        return send(res, 200, '{"quotes": [ {"bid": 1.2');
      case 'empty-body':
        return send(res, 200, '');
      case 'no-quotes':
        return send(res, 200, JSON.stringify({ endpoint: 'live', quotes: [], timestamp: Math.floor(state.now()) }));
      case 'hang':
        return; // never answers; the client's timeout must fire
    }
    tick++;
    const pairs = (url.searchParams.get('currency') ?? '').split(',').filter(Boolean);
    const quotes = pairs
      .filter((p) => mode.kind !== 'drop' || p !== mode.pair)
      .map((p) => {
        const base = MIDS[p];
        if (base === undefined) return { error: 400, instrument: p, message: 'currency code is invalid' };
        const mid = Number((base * (1 + tick * 1e-5)).toFixed(6));
        return {
          ask: Number((mid + 0.00005).toFixed(6)),
          base_currency: p.slice(0, 3),
          bid: Number((mid - 0.00005).toFixed(6)),
          mid,
          quote_currency: p.slice(3),
        };
      });
    send(
      res,
      200,
      JSON.stringify({
        endpoint: 'live',
        quotes,
        requested_time: new Date().toUTCString(),
        timestamp: Math.floor(state.now()),
      }),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/api/v1`;
  state.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return state;
}
