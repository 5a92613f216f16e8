import { isAdminRole } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Services } from '../../deps';
import { resolveSession, SESSION_COOKIE } from '../../services/auth/sessions';
import { emailPreview, PREVIEW_KEYS, type PreviewKey } from '../../services/email/previews';

export const EMAIL_PREVIEW_PATH = '/api/email-previews';

/**
 * One rendered e-mail as a page of its own, for /email-preview's iframe and 'Open in New Tab' (admins of the
 * company only). E-mail HTML is styled inline and has no scripts: its own policy allows exactly that, and
 * framing by this site only.
 */
export function registerEmailPreview(app: FastifyInstance, deps: { db: Database; config: Config; services: Services }) {
  app.get<{ Params: { key: string } }>(`${EMAIL_PREVIEW_PATH}/:key`, async (req, reply) => {
    const viewer = await resolveSession(deps.db, req.cookies[SESSION_COOKIE], deps.services.now());
    if (!viewer) return reply.code(401).send({ error: 'Please sign in to continue' });
    if (!isAdminRole(viewer.user.role)) return reply.code(403).send({ error: 'You do not have admin access' });
    if (!(PREVIEW_KEYS as readonly string[]).includes(req.params.key)) {
      return reply.code(404).send({ error: 'No such e-mail' });
    }
    const preview = await emailPreview(
      deps.db,
      viewer.company.id,
      req.params.key as PreviewKey,
      deps.config.publicUrl,
      deps.services.now(),
    );
    return reply
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(preview.email.html);
  });
}
