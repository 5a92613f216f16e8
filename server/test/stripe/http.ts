/**
 * The local Stripe's HTTP side: the secret key checked, Stripe's form encoding read, idempotency keys replayed,
 * routes matched, and errors answered in Stripe's shape.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Obj, publicView, type Route, StripeApiError, type World } from './world';

export const TEST_SECRET_KEY = 'sk_test_pippitch_local';

/** Stripe's form encoding: `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }. */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node: Obj | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      const key = Array.isArray(node) && part === '' ? node.length : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Obj | unknown[];
      }
    });
  }
  return root;
}

/** An HTTP server answering `routes`; each request is noted in `requests` ('POST /v1/checkout/sessions'). */
export function serve(world: World, routes: Route[], requests: string[]): Server {
  const idempotent = new Map<string, string>();
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = new URL(req.url ?? '/', 'http://stripe.local');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': world.newId('req') });
      res.end(JSON.stringify(body));
    };
    requests.push(`${req.method} ${parsed.pathname}`);
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (world.switches.failing) {
      return reply(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
    }
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${req.method} ${parsed.pathname} ${key}` : null;
    if (replayKey && idempotent.has(replayKey)) return reply(200, JSON.parse(idempotent.get(replayKey) as string));
    try {
      for (const [method, pattern, run] of routes) {
        const match = req.method === method ? parsed.pathname.match(pattern) : null;
        if (!match) continue;
        const result = publicView(run(match, parseForm(Buffer.concat(chunks).toString()), parsed.searchParams));
        if (replayKey) idempotent.set(replayKey, JSON.stringify(result));
        return reply(200, result);
      }
      throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${parsed.pathname}).`, 'url_invalid');
    } catch (err) {
      if (err instanceof StripeApiError) {
        return reply(err.status, { error: { type: 'invalid_request_error', code: err.code, message: err.message } });
      }
      return reply(500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  }
  return createServer((req, res) => void handle(req, res));
}
