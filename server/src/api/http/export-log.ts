import { Readable } from 'node:stream';
import { exportLogCsv } from '@pippitch/core/salesforce';
import { EXPORT_LOG_CSV_PATH } from '@pippitch/shared/salesforce';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { adminViewer } from './admin-download';

/** The CRM export log as CSV (the "not connected" default's record, and every Salesforce export's outcome). */
export function registerExportLogCsv(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  app.get(EXPORT_LOG_CSV_PATH, async (req, reply) => {
    const now = ctx.deps.now();
    const viewer = await adminViewer(ctx.deps.sessionCache, req, reply, now);
    if (!viewer) return reply;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="pippitch-export-log-${londonDateOf(now)}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportLogCsv(ctx.db, { companyId: viewer.company.id })));
  });
}
