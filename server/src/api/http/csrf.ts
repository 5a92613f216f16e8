import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Cross-site request protection for everything that changes state. SameSite=Lax already keeps the
 * session cookie off cross-site POSTs in modern browsers; this also refuses any non-GET request (and
 * any WebSocket upgrade) whose Origin is not this site, and anything a browser marks as cross-site.
 */
export function isSameOrigin(req: FastifyRequest, allowedOrigins: string[]): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = req.headers.origin;
  if (!origin) return true; // non-browser clients (tests, curl) send none; browsers always do on POST
  // Fastify's req.host reads X-Forwarded-Host only when the connection comes from a trusted proxy
  // (TRUST_PROXY); from anyone else that header is the client's own claim and is ignored.
  const host = req.host;
  try {
    const o = new URL(origin);
    return o.host === host || allowedOrigins.includes(o.origin);
  } catch {
    return false;
  }
}

export function registerCsrfGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (req, reply) => {
    const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
    if (req.method === 'GET' && !upgrade) return;
    if (req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (!isSameOrigin(req, allowedOrigins)) {
      await reply.code(403).send({ error: 'Cross-site request refused' });
    }
  });
}
