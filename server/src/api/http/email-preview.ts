import { actorOf } from '@pippitch/core/actor';
import type { Config } from '@pippitch/core/config';
import { emailPreview, PREVIEW_KEYS } from '@pippitch/core/email';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../deps';
import { adminViewer, refuse } from './admin-download';

export const EMAIL_PREVIEW_PATH = '/api/email-previews';

/**
 * One rendered e-mail as a page of its own, for /email-preview's iframe and 'Open in New Tab' (admins of the
 * company only). E-mail HTML is styled inline and has no scripts: its own policy allows exactly that, and
 * framing by this site only.
 */
export function registerEmailPreview(app: FastifyInstance, ctx: { db: Database; config: Config; deps: ServerDeps }) {
  app.get<{ Params: { key: string } }>(`${EMAIL_PREVIEW_PATH}/:key`, async (req, reply) => {
    // The downloads' gate: a signed-in admin of a company with access (a locked company's admins are refused).
    const viewer = await adminViewer(ctx.deps.sessionCache, req, reply, ctx.deps.now());
    if (!viewer) return reply;
    const key = PREVIEW_KEYS.find((k) => k === req.params.key);
    if (!key) return refuse(reply, 404, 'No such e-mail');
    const preview = await emailPreview(
      ctx.db,
      actorOf(viewer),
      { key },
      {
        appUrl: ctx.config.publicUrl,
        now: ctx.deps.now(),
      },
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
