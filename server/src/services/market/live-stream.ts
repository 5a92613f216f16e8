import type { LiveQuote } from '@pippitch/shared/live-quote';
import { unauthorized } from '../../errors';
import type { SessionWatch } from '../auth/session-watch';
import type { QuoteHub } from './live-quotes';

/**
 * One member's live quotes: the latest of each pair at once, then every new one, for as long as the caller
 * listens and the member's session (and company access) lasts. When the session ends — sign-out, deactivation,
 * a password reset, the company locked — the stream stops with UNAUTHORIZED.
 */
export async function* liveQuotesFor(
  hub: QuoteHub,
  sessions: SessionWatch,
  sessionId: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveQuote, void, undefined> {
  const sessionEnded = new AbortController();
  const unwatch = sessions.watch(sessionId, () => sessionEnded.abort());
  try {
    yield* hub.stream(signal ? AbortSignal.any([signal, sessionEnded.signal]) : sessionEnded.signal);
    if (sessionEnded.signal.aborted) throw unauthorized();
  } finally {
    unwatch();
  }
}
