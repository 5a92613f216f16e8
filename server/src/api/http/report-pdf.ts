import { actorOf } from '@pippitch/core/actor';
import { reportPdf } from '@pippitch/core/reports';
import { uuid } from '@pippitch/shared/input';
import { REPORT_MESSAGES, reportFileName } from '@pippitch/shared/reports';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { adminViewer, refuse } from './admin-download';

/** A monthly report's PDF (dashboard download): the company's admins only; any other id is not found. */
export function registerReportPdf(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  app.get<{ Params: { id: string } }>('/api/reports/:id.pdf', async (req, reply) => {
    const viewer = await adminViewer(ctx.deps.sessionCache, req, reply, ctx.deps.now());
    if (!viewer) return reply;
    const id = uuid().safeParse(req.params.id);
    const report = id.success ? await reportPdf(ctx.db, actorOf(viewer), id.data) : null;
    if (!report) return refuse(reply, 404, REPORT_MESSAGES.notFound);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${reportFileName(report.start, report.end)}"`)
      .header('cache-control', 'no-store')
      .send(report.pdf);
  });
}
