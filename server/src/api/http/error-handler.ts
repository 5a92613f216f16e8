import { STATUS_CODES } from 'node:http';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '@pippitch/core/database-outage';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isClientAbort } from './client-abort';

const GENERIC = 'Something went wrong. Please try again.';

/**
 * Errors of the plain routes (/api/health, static files, malformed requests before tRPC): a database outage
 * is a 503 with a plain message, any other server fault a logged 500 whose body says nothing about
 * internals (Fastify's default would echo the error message: an address, a SQL error). Client errors
 * (bad JSON, a body too large) keep Fastify's status and message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isClientAbort(err, req)) {
      req.log.debug({ err }, 'client went away');
      return reply.code(499).send();
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ statusCode: 503, error: STATUS_CODES[503], message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ statusCode: 500, error: STATUS_CODES[500], message: GENERIC });
    }
    return reply.code(status).send({ statusCode: status, error: STATUS_CODES[status], message: err.message });
  });
}
