import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import type {} from '@fastify/websocket'; // its type augmentation: the `websocket` route option
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { LIVE_CLOSE, LIVE_PATH } from '@pippitch/shared/live-quote';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerDeps } from '../../deps';
import { resolveSession, SESSION_COOKIE } from '../../services/auth/sessions';
import { isDatabaseUnavailable } from './database-outage';
import { refusalFor } from './gate';
import { LiveFanout, type LiveFanoutOptions } from './live-fanout';

export interface LiveQuotesDeps {
  db: Database;
  deps: Pick<ServerDeps, 'quotes' | 'sessions' | 'now'>;
  fanout?: LiveFanoutOptions;
}

/**
 * Live quotes for browsers: a WebSocket at LIVE_PATH (shared/src/live-quote.ts), not a tRPC subscription, because
 * tRPC builds, encodes and writes a frame per subscriber per quote, and this is the one message every member
 * receives at once (docs/decisions.md, Live fan-out). The upgrade has passed the CSRF guard (Origin checked); the
 * session cookie is resolved as the tRPC context does and the company must have access, as for memberProcedure.
 * The socket gets the latest quote of each pair, then each batch, until it closes or the session watch reports
 * the session ended (closed with LIVE_CLOSE.signedOut).
 */
export function registerLiveQuotes(app: FastifyInstance, ctx: LiveQuotesDeps): LiveFanout {
  const { quotes, sessions, now } = ctx.deps;
  const fanout = new LiveFanout(ctx.fanout);
  const unsubscribe = quotes.subscribeBatches((batch) => fanout.broadcast(batch));
  app.addHook('preClose', async () => {
    unsubscribe();
    fanout.stop();
  });

  app.get(LIVE_PATH, { websocket: true }, async (socket, req) => {
    let viewer: Awaited<ReturnType<typeof resolveSession>>;
    try {
      viewer = await resolveSession(ctx.db, req.cookies[SESSION_COOKIE], now());
    } catch (err) {
      // The browser retries with a backoff; the default rates show meanwhile.
      if (isDatabaseUnavailable(err)) req.log.warn({ err }, 'database unavailable');
      else req.log.error({ err }, 'live quotes: cannot resolve the session');
      socket.close(1011, 'Live rates are unavailable');
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    // The plain routes' gate at member level; its 401 and 403 become the socket's close codes.
    const refusal = refusalFor(viewer, 'member');
    if (refusal || !viewer) {
      socket.close(refusal?.status === 403 ? LIVE_CLOSE.noAccess : LIVE_CLOSE.signedOut, refusal?.message ?? '');
      return;
    }
    const unwatch = sessions.watch(viewer.sessionId, (why) =>
      why === 'noAccess'
        ? fanout.close(socket, LIVE_CLOSE.noAccess, ACCESS_MESSAGES.accountLocked)
        : fanout.close(socket, LIVE_CLOSE.signedOut, ACCESS_MESSAGES.signIn),
    );
    socket.once('close', unwatch);
    // A first start (the data set still loading) may lack pairs: read storage again before the snapshot.
    if (!quotes.complete()) await quotes.seed();
    // Added and sent its snapshot in one step: a batch published meanwhile is already in the snapshot.
    fanout.add(socket, quotes.snapshot());
  });
  return fanout;
}
