/**
 * The one home for what a failed call says and whether it is worth trying again. Three kinds of failure:
 * a refusal (the server answered with a reason the person can act on: a rule, a seat, an expired invitation,
 * an outage), a crash (INTERNAL_SERVER_ERROR: its text helps nobody) and a request that never arrived
 * (no answer at all: the connection).
 */

const UNREACHABLE = 'Cannot reach PipPitch. Check your connection and try again.';
const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** tRPC's code for a failure that has an answer; undefined when the request never got one. */
function codeOf(err: unknown): string | undefined {
  const data = (err as { data?: { code?: unknown } | null } | null)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

function messageOf(err: unknown): string | undefined {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

// What browsers (and Node's fetch) say when nothing came back: Chromium, Firefox and undici in that order.
function neverArrived(message: string): boolean {
  return /fetch failed|Failed to fetch|NetworkError/i.test(message);
}

/**
 * The error's own text (the server's words for what went wrong), the connection text when the request never
 * arrived, `fallback` when there is no text at all. For pages where any answer beats a generic one.
 */
export function errorMessage(err: unknown, fallback = SOMETHING_WENT_WRONG): string {
  const message = messageOf(err);
  if (!message) return fallback;
  return neverArrived(message) ? UNREACHABLE : message;
}

/**
 * An action's failure in the words to show: the server's own text when it refused for a reason (any code but
 * INTERNAL_SERVER_ERROR), the connection text when the request never arrived, and the spec's 'Failed to …'
 * (`fallback`) for anything unexpected (spec §8 Seats and Account, §3 invitations).
 */
export function failureMessage(err: unknown, fallback: string): string {
  const code = codeOf(err);
  if (code && code !== 'INTERNAL_SERVER_ERROR') return errorMessage(err, fallback);
  const message = errorMessage(err, fallback);
  return message === UNREACHABLE ? message : fallback;
}

const TRANSIENT = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TIMEOUT']);

/**
 * Whether trying the same call again may succeed: it never arrived, the server crashed or was briefly out.
 * A refusal (bad input, no access, a rule) will be refused again, so it is not retried.
 */
export function isRetryable(err: unknown): boolean {
  const code = codeOf(err);
  return code === undefined || TRANSIENT.has(code);
}

/** Is this failure the margin gate's refusal (a 403 whose words the gate wrote)? */
export function isMarginRefusal(err: unknown): boolean {
  const code = (err as { data?: { code?: string } } | null)?.data?.code;
  return code === 'FORBIDDEN' && /ask for approval/.test(errorMessage(err));
}
