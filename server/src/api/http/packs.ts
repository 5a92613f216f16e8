import { SESSION_COOKIE } from '@pippitch/core/auth';
import { companyLogo } from '@pippitch/core/company';
import { AppError } from '@pippitch/core/errors';
import { requirePackApproval } from '@pippitch/core/margin';
import { getPack, packTemplateFor, renderPackPdf, sharedPackLogo } from '@pippitch/core/packs';
import { uuid } from '@pippitch/shared/input';
import { PACK_MESSAGES } from '@pippitch/shared/pack';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { refusalFor } from '../access-levels';
import { gate, refuse, STATUS } from './gate';

/**
 * Evidence packs' files: the upload's CSV template, and a pack's PDF — for its broker, or an admin of their company
 * (the same rule as packs.get); any other id is not found. Plain GETs the browser downloads with its session cookie.
 */
export function registerPackRoutes(
  app: FastifyInstance,
  ctx: { db: Database; deps: Pick<ServerDeps, 'now' | 'sessionCache'> },
) {
  // The upload's template: the header and example rows (public: it holds nothing but the format). A signed-in
  // member's rows are in their desk's pairs (issue 34); anyone else gets the spec's two.
  app.get('/api/packs/template.csv', async (req, reply) => {
    const viewer = await ctx.deps.sessionCache.resolve(req.cookies[SESSION_COOKIE], ctx.deps.now());
    const pairs = viewer && !refusalFor(viewer, 'member') ? viewer.company.pairs : null;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="PipPitch trades template.csv"')
      .header('cache-control', 'private, no-store')
      .send(await packTemplateFor(ctx.db, pairs));
  });

  // The brokerage's logo on the prospect's page (issue 22 §3): by the share link's token, as the page itself.
  app.get<{ Querystring: { token?: string } }>('/api/packs/shared-logo', async (req, reply) => {
    let logo: Awaited<ReturnType<typeof sharedPackLogo>>;
    try {
      logo = await sharedPackLogo(ctx.db, { token: String(req.query.token ?? ''), ip: req.ip }, ctx.deps.now());
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, STATUS[err.code], err.message);
      throw err;
    }
    if (!logo) return refuse(reply, 404, PACK_MESSAGES.notFound);
    return reply.header('content-type', logo.type).header('cache-control', 'private, max-age=300').send(logo.bytes);
  });

  app.get<{ Params: { id: string } }>('/api/packs/:id.pdf', async (req, reply) => {
    const now = ctx.deps.now();
    const passed = await gate(ctx.deps.sessionCache, req, reply, now, 'member');
    if (!passed) return reply;
    const { actor } = passed;
    const id = uuid().safeParse(req.params.id);
    const pack = id.success ? await getPack(ctx.db, actor, id.data, now) : null;
    if (!pack) return refuse(reply, 404, PACK_MESSAGES.notFound);
    try {
      await requirePackApproval(ctx.db, actor, pack.id);
    } catch (err) {
      if (err instanceof AppError) return refuse(reply, STATUS[err.code], err.message);
      throw err;
    }
    const name = pack.leadName.replace(/[^A-Za-z0-9 .-]/g, '').trim() || 'pack';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="PipPitch evidence pack - ${name}.pdf"`)
      .header('cache-control', 'no-store')
      .send(await renderPackPdf(pack, now, await companyLogo(ctx.db, actor)));
  });
}
