import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import type {} from '@fastify/websocket'; // its type augmentation: the `websocket` route option
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { LIVE_CLOSE } from '@pippitch/shared/live-socket';
import { MARGIN_DESK_CHANGED, MARGIN_DESK_PATH, MARGIN_DESK_READY } from '@pippitch/shared/margin-desk-live';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerDeps } from '../../deps';
import { resolveSession, SESSION_COOKIE } from '../../services/auth/sessions';
import { isDatabaseUnavailable } from './database-outage';
import { refusalFor } from './gate';

export interface MarginDeskLiveDeps {
  db: Database;
  deps: Pick<ServerDeps, 'marginDesk' | 'sessions' | 'now'>;
}

/**
 * The margin desk live (issue 32 §3): a WebSocket at MARGIN_DESK_PATH, opened and gated as the live quotes' socket
 * (live-quotes.ts: the CSRF guard checked its Origin, the session cookie resolved, member level, closed when the
 * session ends). It sends MARGIN_DESK_READY once subscribed, then MARGIN_DESK_CHANGED each time the member's own company's approval requests change, and
 * nothing else: admins' badge and queue, and a broker's requests and decisions, are re-read through their scoped
 * procedures, so the socket reveals nothing a procedure would not. A company's changes reach only its members.
 */
export function registerMarginDeskLive(app: FastifyInstance, ctx: MarginDeskLiveDeps): void {
  const { marginDesk, sessions, now } = ctx.deps;
  app.get(MARGIN_DESK_PATH, { websocket: true }, async (socket, req) => {
    if (!marginDesk) {
      socket.close(1011, 'The live desk is unavailable');
      return;
    }
    let viewer: Awaited<ReturnType<typeof resolveSession>>;
    try {
      viewer = await resolveSession(ctx.db, req.cookies[SESSION_COOKIE], now());
    } catch (err) {
      // The browser retries with a backoff; the page still reads its queue on load and on focus.
      if (isDatabaseUnavailable(err)) req.log.warn({ err }, 'database unavailable');
      else req.log.error({ err }, 'margin desk live: cannot resolve the session');
      socket.close(1011, 'The live desk is unavailable');
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    const refusal = refusalFor(viewer, 'member');
    if (refusal || !viewer) {
      socket.close(refusal?.status === 403 ? LIVE_CLOSE.noAccess : LIVE_CLOSE.signedOut, refusal?.message ?? '');
      return;
    }
    const unsubscribe = marginDesk.subscribe(viewer.company.id, () => {
      if (socket.readyState === WebSocket.OPEN) socket.send(MARGIN_DESK_CHANGED);
    });
    const unwatch = sessions.watch(viewer.sessionId, (why) =>
      socket.close(
        why === 'noAccess' ? LIVE_CLOSE.noAccess : LIVE_CLOSE.signedOut,
        why === 'noAccess' ? ACCESS_MESSAGES.accountLocked : ACCESS_MESSAGES.signIn,
      ),
    );
    socket.once('close', () => {
      unsubscribe();
      unwatch();
    });
    socket.send(MARGIN_DESK_READY);
  });
}
