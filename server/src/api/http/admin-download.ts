import type { Readable } from 'node:stream';
import type { SessionCache, Viewer } from '@pippitch/core/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gate, refuse } from './gate';

export { refuse, STATUS } from './gate';

/** The admins' file downloads (activity CSV, export log, reports, e-mail previews): the gate at admin level. */
export async function adminViewer(
  sessions: SessionCache,
  req: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<Viewer | null> {
  return (await gate(sessions, req, reply, now, 'admin'))?.viewer ?? null;
}

/**
 * A CSV download for admins at `path`: the gate, then `answer` gives the file's name and body (or has already
 * answered with a refusal, returning null). Sent as an attachment, never cached.
 */
export function adminCsv(
  app: FastifyInstance,
  path: string,
  deps: { now(): Date; sessionCache: SessionCache },
  answer: (
    viewer: Viewer,
    now: Date,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ name: string; body: string | Readable } | null>,
): void {
  app.get(path, async (req, reply) => {
    const now = deps.now();
    const viewer = await adminViewer(deps.sessionCache, req, reply, now);
    if (!viewer) return reply;
    const file = await answer(viewer, now, req, reply);
    if (!file) return reply;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}

/** Answers a CSV route's request with a refusal (status and the plain message); the route then sends nothing more. */
export function refused(reply: FastifyReply, status: number, message: string): null {
  refuse(reply, status, message);
  return null;
}
