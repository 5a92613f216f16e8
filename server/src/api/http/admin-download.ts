import type { SessionCache, Viewer } from '@pippitch/core/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gate } from './gate';

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
