import { errorMessage } from './trpc';

const UNREACHABLE = 'Cannot reach PipPitch';

/**
 * A team action's failure in the words to show: the server's own text when it refused for a reason the
 * person can act on (a rule, a seat, a missing member, an outage), the spec's 'Failed to …' for anything
 * unexpected (spec §8 Seats and Account), and the connection text when the request never arrived.
 */
export function failureMessage(err: unknown, fallback: string): string {
  const code = (err as { data?: { code?: string } } | null)?.data?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return errorMessage(err, fallback);
  const message = errorMessage(err, fallback);
  return message.startsWith(UNREACHABLE) ? message : fallback;
}
