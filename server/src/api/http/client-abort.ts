import type { FastifyRequest } from 'fastify';

/**
 * True when a failure is only the client going away (a closed tab, a cancelled fetch): the request was aborted, or
 * the error is the stream's 'Premature close'. Such failures are logged at debug: as ERROR or 'database
 * unavailable' they buried real faults (issue 19).
 */
export function isClientAbort(err: unknown, req: FastifyRequest): boolean {
  if (req.raw.aborted || req.raw.socket?.destroyed) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  if (e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || e?.message === 'Premature close' || e?.message === 'aborted') {
    return true;
  }
  return e?.cause !== undefined && e.cause !== err ? isClientAbort(e.cause, req) : false;
}
