import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import { ACCESS_MESSAGES, isAdminRole } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../errors';
import { resolveSession, SESSION_COOKIE, type Viewer } from '../../services/auth/sessions';

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
 * The gate of the admins' file downloads (activity CSV, export log, reports), which are plain GETs the browser
 * downloads with its session cookie because a file cannot come through tRPC's JSON. Same rules as
 * adminProcedure: a signed-in admin of a company with access. GET needs no CSRF check: it changes nothing, and
 * SameSite=Lax keeps the cookie off cross-site subresource requests. Returns null after answering 401/403.
 */
export async function adminViewer(
  db: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<Viewer | null> {
  const viewer = await resolveSession(db, req.cookies[SESSION_COOKIE], now);
  if (!viewer) {
    await refuse(reply, 401, ACCESS_MESSAGES.signIn);
    return null;
  }
  if (viewer.company.access !== 'granted') {
    await refuse(reply, 403, ACCESS_MESSAGES.accountLocked);
    return null;
  }
  if (!isAdminRole(viewer.user.role)) {
    await refuse(reply, 403, ACCESS_MESSAGES.noAdminAccess);
    return null;
  }
  return viewer;
}
