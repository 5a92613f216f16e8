import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import type { SessionWatch } from '@pippitch/core/auth';
import { resolveSession, SESSION_COOKIE } from '@pippitch/core/auth';
import { isDatabaseUnavailable } from '@pippitch/core/database-outage';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { LIVE_CLOSE } from '@pippitch/shared/live-socket';
import type { Database } from '@pippitch/sql';
import type { FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import { refusalFor } from '../access-levels';

export type SocketMember = NonNullable<Awaited<ReturnType<typeof resolveSession>>>;

/**
 * The gate of the app's WebSockets (the live quotes, the margin desk), in one place so they cannot drift apart. The
 * upgrade has already passed the CSRF guard (csrf.ts: its Origin must be this site); here the session cookie is
 * resolved as the tRPC context does and the plain routes' gate applied at member level, its 401 and 403 becoming
 * the socket's close codes. A database that cannot be read closes it with 1011 and `unavailable` (the browser retries
 * with a backoff). Returns the member, or null once the socket is closed (or was closed by the browser meanwhile).
 */
export async function admitMember(
  socket: WebSocket,
  req: FastifyRequest,
  ctx: { db: Database; now: () => Date },
  unavailable: { reason: string; logAs: string },
): Promise<SocketMember | null> {
  let viewer: Awaited<ReturnType<typeof resolveSession>>;
  try {
    viewer = await resolveSession(ctx.db, req.cookies[SESSION_COOKIE], ctx.now());
  } catch (err) {
    if (isDatabaseUnavailable(err)) req.log.warn({ err }, 'database unavailable');
    else req.log.error({ err }, `${unavailable.logAs}: cannot resolve the session`);
    socket.close(1011, unavailable.reason);
    return null;
  }
  if (socket.readyState !== WebSocket.OPEN) return null;
  const refusal = refusalFor(viewer, 'member');
  if (refusal || !viewer) {
    socket.close(refusal?.status === 403 ? LIVE_CLOSE.noAccess : LIVE_CLOSE.signedOut, refusal?.message ?? '');
    return null;
  }
  return viewer;
}

/**
 * Closes an admitted socket (through `close`, so a fan-out can forget it first) when its session ends or its
 * company loses access, with the code and words the browser acts on. Returns the unwatch, for the socket's close.
 */
export function closeWhenSessionEnds(
  sessions: Pick<SessionWatch, 'watch'>,
  member: SocketMember,
  close: (code: number, reason: string) => void,
): () => void {
  return sessions.watch(member.sessionId, (why) =>
    why === 'noAccess'
      ? close(LIVE_CLOSE.noAccess, ACCESS_MESSAGES.accountLocked)
      : close(LIVE_CLOSE.signedOut, ACCESS_MESSAGES.signIn),
  );
}
