import type { LiveQuote } from '@pippitch/shared/live-quote';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';

/** The quote as `rates.live` sends it (shared/src/live-quote.ts). */
export type LiveQuoteView = LiveQuote;

export type LiveState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'live' };

/** The latest quote of every pair, streamed over the WebSocket subscription (spec §4 Live rate). */
export function useLiveQuotes(): { quotes: Partial<Record<CurrencyPair, LiveQuoteView>>; state: LiveState } {
  const [quotes, setQuotes] = useState<Partial<Record<CurrencyPair, LiveQuoteView>>>({});
  const [state, setState] = useState<LiveState>({ status: 'loading' });
  trpc.rates.live.useSubscription(undefined, {
    onData(q) {
      setQuotes((prev) => ({ ...prev, [q.pair]: q }));
      setState({ status: 'live' });
    },
    onError(err) {
      setState({ status: 'error', message: err.message || 'No rate data received' });
    },
  });
  return { quotes, state };
}
