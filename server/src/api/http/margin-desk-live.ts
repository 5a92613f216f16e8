import type {} from '@fastify/websocket'; // its type augmentation: the `websocket` route option
import { isAdminRole } from '@pippitch/shared/access';
import { MARGIN_DESK_CHANGED, MARGIN_DESK_PATH, MARGIN_DESK_READY } from '@pippitch/shared/margin-desk-live';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ServerDeps } from '../../deps';
import { admitMember, closeWhenSessionEnds } from './member-socket';

export interface MarginDeskLiveDeps {
  db: Database;
  deps: Pick<ServerDeps, 'marginDesk' | 'sessions' | 'now'>;
}

/**
 * The margin desk live (issue 32 §3): a WebSocket at MARGIN_DESK_PATH, admitted as every socket of the app is
 * (member-socket.ts: Origin, session, member level, closed when the session ends). It sends MARGIN_DESK_READY once
 * subscribed, then MARGIN_DESK_CHANGED each time an approval request the member may hear of changes, and nothing
 * else: an admin hears every request of their own company (the badge and queue), a broker only the requests they
 * asked themselves (their requests and the decisions on them). Pages re-read through their scoped procedures, so
 * the socket reveals nothing a procedure would not, not even that a colleague asked.
 */
export function registerMarginDeskLive(app: FastifyInstance, ctx: MarginDeskLiveDeps): void {
  const { marginDesk, sessions, now } = ctx.deps;
  app.get(MARGIN_DESK_PATH, { websocket: true }, async (socket, req) => {
    if (!marginDesk) {
      socket.close(1011, 'The live desk is unavailable');
      return;
    }
    const viewer = await admitMember(
      socket,
      req,
      { db: ctx.db, now },
      {
        reason: 'The live desk is unavailable', // the page still reads its queue on load and on focus
        logAs: 'margin desk live',
      },
    );
    if (!viewer) return;
    const hears = { companyId: viewer.company.id, userId: isAdminRole(viewer.user.role) ? null : viewer.user.id };
    const unsubscribe = marginDesk.subscribe(hears, () => {
      if (socket.readyState === WebSocket.OPEN) socket.send(MARGIN_DESK_CHANGED);
    });
    const unwatch = closeWhenSessionEnds(sessions, viewer, (code, reason) => socket.close(code, reason));
    socket.once('close', () => {
      unsubscribe();
      unwatch();
    });
    socket.send(MARGIN_DESK_READY);
  });
}
