/**
 * Tells a database that cannot be reached apart from every other failure, so both the plain routes
 * (/api/health) and every tRPC procedure answer 503 with a plain message and no internals (addresses,
 * error codes) during an outage. The pool reconnects by itself once PostgreSQL is back.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = 'PipPitch is temporarily unavailable. Please try again in a moment.';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

// SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up), 53300 (too many
// connections): the database is there but cannot serve right now. Also our own bounds (sql/src/connection.ts):
// 57014 a statement cancelled by statement_timeout, 55P03 lock_timeout, 25P03 an idle transaction ended.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014|55P03|25P03)$/;

// node-postgres reports a dropped socket and a pool wait that timed out without an error code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
  // query_timeout: no answer in time (a frozen or unreachable server).
  'Query read timeout',
];

/** True when `err` (or what it was caused by, or any part of an AggregateError) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
