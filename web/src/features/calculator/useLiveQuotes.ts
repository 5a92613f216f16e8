import { LIVE_CLOSE, LIVE_PATH, type LiveQuote, parseLiveMessage } from '@pippitch/shared/live-socket';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { useEffect, useState } from 'react';
import { sendToSignIn } from '../../lib/trpc';

/** The quote as the live socket sends it (shared/src/live-quote.ts). */
export type LiveQuoteView = LiveQuote;

export type LiveState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'live' };

/** Waits before each reconnection after a failure, the last repeated: bounded, so a restart is picked up soon. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The spec's message when no rate arrives (§ Messages, Live rate). */
const NO_DATA = 'No rate data received';

/**
 * The latest quote of every pair, from the live-quote WebSocket (spec §4 Live rate): loading until the first
 * message, then live; on a failure, the error (with the pair's default rate while no quote has come) and
 * reconnection after a bounded backoff. A session that ended sends the person to sign in; a company without
 * access shows the server's reason and stays on the default rates.
 */
export function useLiveQuotes(): { quotes: Partial<Record<CurrencyPair, LiveQuoteView>>; state: LiveState } {
  const [quotes, setQuotes] = useState<Partial<Record<CurrencyPair, LiveQuoteView>>>({});
  const [state, setState] = useState<LiveState>({ status: 'loading' });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let unmounted = false;

    const connect = () => {
      const ws = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${LIVE_PATH}`);
      socket = ws;
      ws.onmessage = (event: MessageEvent<string>) => {
        if (unmounted) return;
        let batch: LiveQuote[];
        try {
          batch = parseLiveMessage(event.data);
        } catch {
          return; // not the contract: nothing to show from it
        }
        failures = 0;
        if (batch.length === 0) return;
        setQuotes((prev) => {
          const next = { ...prev };
          for (const q of batch) next[q.pair] = q;
          return next;
        });
        setState({ status: 'live' });
      };
      ws.onclose = (event) => {
        socket = null;
        if (unmounted) return;
        if (event.code === LIVE_CLOSE.signedOut) {
          sendToSignIn();
          return;
        }
        if (event.code === LIVE_CLOSE.noAccess) {
          setState({ status: 'error', message: event.reason || NO_DATA });
          return;
        }
        setState({ status: 'error', message: NO_DATA });
        retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures++;
      };
    };

    connect();
    return () => {
      unmounted = true;
      clearTimeout(retry);
      const open = socket;
      if (!open) return;
      // Closing a socket still connecting makes the browser log an error: close it once it is open instead.
      if (open.readyState === WebSocket.CONNECTING) open.onopen = () => open.close();
      else open.close();
    };
  }, []);

  return { quotes, state };
}
