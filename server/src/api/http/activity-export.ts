import { Readable } from 'node:stream';
import { activityCsv, exportMembers } from '@pippitch/core/activity';
import { actorOf } from '@pippitch/core/actor';
import { AppError } from '@pippitch/core/errors';
import {
  EXPORT_CSV_PATH,
  EXPORT_MESSAGES,
  EXPORT_PERIODS,
  exportFileName,
  exportSpan,
} from '@pippitch/shared/activity-periods';
import { isoDate, uuid } from '@pippitch/shared/input';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { adminCsv, refused, STATUS } from './admin-download';

/** At most this many members in one export (a company's whole team fits). */
const MAX_USERS = 500;

const query = z.object({
  users: z
    .string()
    .max(MAX_USERS * 37, EXPORT_MESSAGES.noUsers)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(uuid('Member not found')).min(1, EXPORT_MESSAGES.noUsers).max(MAX_USERS)),
  period: z.enum(EXPORT_PERIODS),
  start: isoDate.optional(),
  end: isoDate.optional(),
});

/**
 * The activity CSV (export modal), behind the admins' download gate (admin-download.ts). Members are scoped to the caller's company (another company's id answers 404). The
 * body streams page by page from the database (services/activity/export-csv.ts), so memory stays flat.
 */
export function registerActivityExport(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  adminCsv(app, EXPORT_CSV_PATH, ctx.deps, async (viewer, now, req, reply) => {
    const parsed = query.safeParse(req.query);
    if (!parsed.success) return refused(reply, 400, parsed.error.issues[0]?.message ?? EXPORT_MESSAGES.failed);
    const { users, period, start, end } = parsed.data;
    const span = exportSpan(period, londonDateOf(now), { start, end });
    if (!span.ok) return refused(reply, 400, span.message);
    const actor = actorOf(viewer);
    let members: Awaited<ReturnType<typeof exportMembers>>;
    try {
      members = await exportMembers(ctx.db, actor, users);
    } catch (err) {
      if (err instanceof AppError) return refused(reply, STATUS[err.code], err.message);
      throw err;
    }
    const body = Readable.from(activityCsv(ctx.db, actor, members, span.span));
    // A failure after the first byte cannot change the status: the stream is cut off, so the download fails
    // visibly rather than leaving a short file that looks complete.
    body.on('error', (err) => req.log.error({ err }, 'activity export failed while streaming'));
    return { name: exportFileName(span.span), body };
  });
}
