import { clientKey } from '@pippitch/core/auth';
import type { FastifyInstance } from 'fastify';
import { refuse } from './admin-download';

/** Requests of one client (address, IPv6 /64) the API serves at once in one process. */
export const MAX_REQUESTS_IN_FLIGHT = 24;

export const TOO_MANY_AT_ONCE = 'Too many requests at once from your address. Please try again in a moment.';

/**
 * A cap on one client's API requests in flight, checked before any work (no parsing of calls, no database): a client
 * holding hundreds of requests open at once (90 parallel batches of sign-ins, issue 19) is answered 429 at the door
 * instead of queueing its calls in front of everyone else's. A browser has at most a handful open; a whole office
 * behind one address stays far below the cap. The live-quote socket is not counted (it stays open by design).
 */
export function registerClientConcurrency(app: FastifyInstance, max = MAX_REQUESTS_IN_FLIGHT): void {
  const inFlight = new Map<string, number>();
  const counted = new WeakSet<object>();
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/trpc') && !req.url.startsWith('/api/')) return;
    // Stripe's webhooks are signed and few senders deliver many at once by design; a 429 would only delay them.
    if (req.url.startsWith('/api/billing/')) return;
    const client = clientKey(req.ip);
    const held = inFlight.get(client) ?? 0;
    if (held >= max) return refuse(reply.code(429), 429, TOO_MANY_AT_ONCE);
    inFlight.set(client, held + 1);
    counted.add(req);
  });
  const release = async (req: { ip: string }) => {
    if (!counted.has(req)) return;
    counted.delete(req);
    const client = clientKey(req.ip);
    const left = (inFlight.get(client) ?? 1) - 1;
    if (left <= 0) inFlight.delete(client);
    else inFlight.set(client, left);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
