import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking TraderMade's timeseries protocol (GET {base}/timeseries?currency=…&api_key=…&start_date=
// YYYY-MM-DD-HH:mm&end_date=…&interval=minute&period=1&format=records), answering mid OHLC records from a known
// path, or TraderMade's refusal for a wrong key.

export const TIMESERIES_KEY = 'ts-key';

export function timeseriesMid(pair: string, ms: number): number {
  const base = pair === 'EURGBP' ? 0.84 : 1.27;
  return Math.round(base * (1 + 0.002 * Math.cos(ms / 600_000)) * 1e5) / 1e5;
}

export interface TimeseriesServer {
  baseUrl: string;
  requests: URL[];
  failWith: number | null;
  close(): Promise<void>;
}

function parse(text: string | null): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})-(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export async function startTimeseriesServer(): Promise<TimeseriesServer> {
  const state: TimeseriesServer = { baseUrl: '', requests: [], failWith: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    state.requests.push(url);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (state.failWith !== null) return json(state.failWith, { message: 'Service unavailable' });
    if (url.pathname !== '/api/v1/timeseries') return json(404, { message: 'Not found' });
    if (url.searchParams.get('api_key') !== TIMESERIES_KEY) {
      return json(401, { errors: { message: 'Invalid API Key' } });
    }
    const pair = url.searchParams.get('currency') ?? '';
    const from = parse(url.searchParams.get('start_date'));
    const to = parse(url.searchParams.get('end_date'));
    if (!Number.isFinite(from) || !Number.isFinite(to) || url.searchParams.get('interval') !== 'minute') {
      return json(200, { message: 'Invalid date format' });
    }
    const quotes = [];
    for (let t = from; t <= to; t += 60_000) {
      const open = timeseriesMid(pair, t);
      const close = timeseriesMid(pair, t + 59_000);
      quotes.push({
        date: stamp(t),
        open,
        high: Math.max(open, close) + 0.0001,
        low: Math.min(open, close) - 0.0001,
        close,
      });
    }
    return json(200, {
      base_currency: pair.slice(0, 3),
      quote_currency: pair.slice(3),
      endpoint: 'timeseries',
      start_date: stamp(from),
      end_date: stamp(to),
      request_time: new Date().toUTCString(),
      quotes,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
