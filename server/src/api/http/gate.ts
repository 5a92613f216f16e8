import type {} from '@fastify/cookie'; // its type augmentation: req.cookies
import { type Actor, actorOf } from '@pippitch/core/actor';
import type { SessionCache } from '@pippitch/core/auth';
import { SESSION_COOKIE, type Viewer } from '@pippitch/core/auth';
import type { AppError } from '@pippitch/core/errors';
import { ACCESS_MESSAGES, isAdminRole } from '@pippitch/shared/access';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Who may use a plain route: the rules of memberProcedure and adminProcedure (api/trpc/procedures.ts). */
export type GateLevel = 'member' | 'admin';

export interface Refusal {
  status: 401 | 403;
  message: string;
}

/**
 * The one statement of who passes a plain route (downloads, the e-mail previews, pack PDFs, the live socket): signed
 * in, the company with access, and an admin where `level` says so — in that order, with the words the procedures
 * use. Null when the viewer passes.
 */
export function refusalFor(viewer: Viewer | null, level: GateLevel): Refusal | null {
  if (!viewer) return { status: 401, message: ACCESS_MESSAGES.signIn };
  if (viewer.company.access !== 'granted') return { status: 403, message: ACCESS_MESSAGES.accountLocked };
  if (level === 'admin' && !isAdminRole(viewer.user.role))
    return { status: 403, message: ACCESS_MESSAGES.noAdminAccess };
  return null;
}

export function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ statusCode: status, message });
}

/**
 * The gate of plain GET routes, which the browser calls with its session cookie because a file or a page cannot come
 * through tRPC's JSON. GET needs no CSRF check: it changes nothing, and SameSite=Lax keeps the cookie off
 * cross-site subresource requests. Returns the viewer and the actor, or null after answering 401/403.
 */
export async function gate(
  sessions: SessionCache,
  req: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  level: GateLevel,
): Promise<{ viewer: Viewer; actor: Actor } | null> {
  const viewer = await sessions.resolve(req.cookies[SESSION_COOKIE], now);
  const refusal = refusalFor(viewer, level);
  if (refusal || !viewer) {
    await refuse(reply, refusal?.status ?? 401, refusal?.message ?? ACCESS_MESSAGES.signIn);
    return null;
  }
  return { viewer, actor: actorOf(viewer) };
}
