import type {} from '@fastify/websocket'; // its type augmentation: the `websocket` route option
import { LIVE_PATH } from '@pippitch/shared/live-quote';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { LiveFanout, type LiveFanoutOptions } from './live-fanout';
import { admitMember, closeWhenSessionEnds } from './member-socket';

export interface LiveQuotesDeps {
  db: Database;
  deps: Pick<ServerDeps, 'quotes' | 'sessions' | 'now'>;
  fanout?: LiveFanoutOptions;
}

/**
 * Live quotes for browsers: a WebSocket at LIVE_PATH (shared/src/live-quote.ts), not a tRPC subscription, because
 * tRPC builds, encodes and writes a frame per subscriber per quote, and this is the one message every member
 * receives at once (docs/decisions.md, Live fan-out). Admitted as every socket of the app is (member-socket.ts:
 * Origin, session, member level). The socket gets the latest quote of each pair, then each batch, until it closes
 * or the session watch reports the session ended (closed with LIVE_CLOSE.signedOut).
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
    const viewer = await admitMember(
      socket,
      req,
      { db: ctx.db, now },
      {
        reason: 'Live rates are unavailable', // the default rates show meanwhile
        logAs: 'live quotes',
      },
    );
    if (!viewer) return;
    const unwatch = closeWhenSessionEnds(sessions, viewer, (code, reason) => fanout.close(socket, code, reason));
    socket.once('close', unwatch);
    // A first start (the data set still loading) may lack pairs: read storage again before the snapshot.
    if (!quotes.complete()) await quotes.seed();
    // Added and sent its snapshot in one step: a batch published meanwhile is already in the snapshot.
    fanout.add(socket, quotes.snapshot());
  });
  return fanout;
}
