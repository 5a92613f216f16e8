import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import { type Actor, actorOf } from '@pippitch/core/actor';
import type { SessionCache } from '@pippitch/core/auth';
import { SESSION_COOKIE, type Viewer } from '@pippitch/core/auth';
import type { AppError } from '@pippitch/core/errors';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccessLevel, refusalFor } from '../access-levels';

/** HTTP statuses of the domain errors, for plain routes (tRPC maps them itself). */
export const STATUS: Record<AppError['code'], number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ statusCode: status, message });
}

/**
 * The gate of plain GET routes, which the browser calls with its session cookie because a file or a page cannot come
 * through tRPC's JSON. GET needs no CSRF check: it changes nothing, and SameSite=Lax keeps the cookie off
 * cross-site subresource requests. Who passes is `refusalFor`'s answer (api/access-levels.ts), as for the procedures
 * of the same level. Returns the viewer and the actor, or null after answering 401/403.
 */
export async function gate(
  sessions: SessionCache,
  req: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  level: AccessLevel,
): Promise<{ viewer: Viewer; actor: Actor } | null> {
  const viewer = await sessions.resolve(req.cookies[SESSION_COOKIE], now);
  const refusal = refusalFor(viewer, level);
  if (refusal || !viewer) {
    await refuse(reply, refusal?.status ?? 401, refusal?.message ?? ACCESS_MESSAGES.signIn);
    return null;
  }
  return { viewer, actor: actorOf(viewer) };
}
