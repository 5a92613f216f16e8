import type { Config } from '@pippitch/core/config';
import type { FastifyRequest } from 'fastify';
import pretty from 'pino-pretty';

/** Where logs go: the config's default for its environment, off, or a stream (tests read it). */
export type LogTarget = 'default' | false | { stream: NodeJS.WritableStream };

// Secrets never reach a log line, whatever a caller logs: session cookies, credentials, and fields named
// password or token at any of the depths our log objects have (an input, an input inside an error, …).
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.*.password',
  '*.*.token',
  '*.*.*.password',
  '*.*.*.token',
];

/**
 * The request as logged: method and path only. Query strings are dropped because tRPC queries carry their
 * input there (a reset token in `auth.checkResetToken?input=…`).
 */
function serializeRequest(req: Partial<Pick<FastifyRequest, 'method' | 'url' | 'ip'>>) {
  // Anything logged under `req` passes through here, not only Fastify's requests: read nothing else.
  return {
    method: typeof req.method === 'string' ? req.method : undefined,
    url: typeof req.url === 'string' ? req.url.split('?')[0] : undefined,
    remoteAddress: typeof req.ip === 'string' ? req.ip : undefined,
  };
}

/**
 * Fastify logger options: JSON lines in production (for a log collector), readable lines in development,
 * nothing in tests unless a test passes a stream. Errors carry the request id (`reqId`).
 */
export function loggerOptions(config: Config, target: LogTarget) {
  if (target === false || (target === 'default' && config.env === 'test')) return false;
  const base = {
    level: 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  if (typeof target === 'object') return { ...base, stream: target.stream };
  if (config.env === 'development') {
    return { ...base, stream: pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }) };
  }
  return base;
}
