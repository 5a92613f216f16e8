import fastifyHelmet from '@fastify/helmet';
import type { Config } from '@pippitch/core/config';
import { isPrivatePath } from '@pippitch/shared/public-pages';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the built web app and ECharts run under (checked in Chromium by
 * web/e2e/security-headers.e2e.ts). Everything is served from this origin: scripts and styles are files,
 * never inline. One allowance: style-src-attr 'unsafe-inline', because ECharts writes its tooltip as
 * HTML with style attributes. Only attributes: <style> elements stay refused, and a style attribute cannot
 * run script.
 * connect-src 'self' also covers the same-origin WebSocket (live quotes at /live) in CSP Level 3.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only behind TLS: on plain http (a local install) it would rewrite every request to https and break.
    ...(config.cookieSecure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response (pages, assets, API, errors): CSP, no framing, no MIME sniffing, a
 * referrer policy, and HSTS in production only (a development machine on http://localhost must not be
 * told to insist on https).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Other sites learn our origin only, never a path or query. (Not 'no-referrer': it makes browsers send
    // `Origin: null` on form posts, which the CSRF guard would refuse.)
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '/';
    // The app's own pages and every secret-link page (/p/…, /join, /reset-password, /unsubscribe): never indexed,
    // whatever a crawler makes of robots.txt.
    if (isPrivatePath(path)) reply.header('x-robots-tag', 'noindex, nofollow');
    // API answers are one member's data: never stored by a browser or a shared cache (a route that wants
    // otherwise sets its own header).
    if ((path.startsWith('/trpc') || path.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });
}
