import { Readable } from 'node:stream';
import { actorOf } from '@pippitch/core/actor';
import { exportLogCsv } from '@pippitch/core/salesforce';
import { EXPORT_LOG_CSV_PATH } from '@pippitch/shared/salesforce';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { adminCsv } from './admin-download';

/** The CRM export log as CSV (the "not connected" default's record, and every Salesforce export's outcome). */
export function registerExportLogCsv(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  adminCsv(app, EXPORT_LOG_CSV_PATH, ctx.deps, async (viewer, now) => ({
    name: `pippitch-export-log-${londonDateOf(now)}.csv`,
    body: Readable.from(exportLogCsv(ctx.db, actorOf(viewer))),
  }));
}
