import { ACCESS_MESSAGES, isAdminRole } from '@pippitch/shared/access';
import { uuid } from '@pippitch/shared/input';
import { PACK_MESSAGES } from '@pippitch/shared/pack';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps';
import { resolveSession, SESSION_COOKIE } from '../../services/auth/sessions';
import { getPack } from '../../services/packs/packs';
import { renderPackPdf } from '../../services/packs/render-pdf';
import { refuse } from './admin-download';

/**
 * An evidence pack's PDF: its broker, or an admin of their company (the same rule as packs.get); any other id is
 * not found. A plain GET the browser downloads with its session cookie.
 */
export function registerPackPdf(app: FastifyInstance, deps: { db: Database; services: Pick<Services, 'now'> }) {
  app.get<{ Params: { id: string } }>('/api/packs/:id.pdf', async (req, reply) => {
    const now = deps.services.now();
    const viewer = await resolveSession(deps.db, req.cookies[SESSION_COOKIE], now);
    if (!viewer) return refuse(reply, 401, ACCESS_MESSAGES.signIn);
    if (viewer.company.access !== 'granted') return refuse(reply, 403, ACCESS_MESSAGES.accountLocked);
    const id = uuid().safeParse(req.params.id);
    const pack = id.success
      ? await getPack(
          deps.db,
          { userId: viewer.user.id, companyId: viewer.company.id, isAdmin: isAdminRole(viewer.user.role) },
          id.data,
          now,
        )
      : null;
    if (!pack) return refuse(reply, 404, PACK_MESSAGES.notFound);
    const name = pack.leadName.replace(/[^A-Za-z0-9 .-]/g, '').trim() || 'pack';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="PipPitch evidence pack - ${name}.pdf"`)
      .header('cache-control', 'no-store')
      .send(await renderPackPdf(pack, now));
  });
}
