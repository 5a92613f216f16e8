import { LIVE_CLOSE, LIVE_PATH, type LiveQuote, parseLiveMessage } from '@pippitch/shared/live-socket';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { useEffect, useState } from 'react';
import { openReconnectingSocket } from '../../lib/reconnecting-socket';
import { sendToSignIn } from '../../lib/trpc';

/** The quote as the live socket sends it (shared/src/live-quote.ts). */
export type LiveQuoteView = LiveQuote;

export type LiveState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'live' };

/** The spec's message when no rate arrives (§ Messages, Live rate). */
const NO_DATA = 'No rate data received';

/**
 * The latest quote of every pair, from the live-quote WebSocket (spec §4 Live rate): loading until the first
 * message, then live; on a failure, the error (with the pair's default rate while no quote has come) and
 * reconnection after a bounded backoff (lib/reconnecting-socket.ts). A session that ended sends the person to sign in; a company without
 * access shows the server's reason and stays on the default rates.
 */
export function useLiveQuotes(): { quotes: Partial<Record<CurrencyPair, LiveQuoteView>>; state: LiveState } {
  const [quotes, setQuotes] = useState<Partial<Record<CurrencyPair, LiveQuoteView>>>({});
  const [state, setState] = useState<LiveState>({ status: 'loading' });

  useEffect(
    () =>
      openReconnectingSocket(LIVE_PATH, {
        onMessage: (data) => {
          let batch: LiveQuote[];
          try {
            batch = parseLiveMessage(data);
          } catch {
            return false; // not the contract: nothing to show from it
          }
          if (batch.length === 0) return true;
          setQuotes((prev) => {
            const next = { ...prev };
            for (const q of batch) next[q.pair] = q;
            return next;
          });
          setState({ status: 'live' });
          return true;
        },
        onClose: (event) => {
          if (event.code === LIVE_CLOSE.signedOut) {
            sendToSignIn();
            return 'stop';
          }
          if (event.code === LIVE_CLOSE.noAccess) {
            setState({ status: 'error', message: event.reason || NO_DATA });
            return 'stop';
          }
          setState({ status: 'error', message: NO_DATA });
          return 'reconnect';
        },
      }),
    [],
  );

  return { quotes, state };
}
