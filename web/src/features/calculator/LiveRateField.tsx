import { closedMarketLine } from '@pippitch/shared/fx-week';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { type CurrencyPair, fallbackRate } from '@pippitch/shared/pairs';
import { DAILY_REFERENCE_LABEL, LIVE_SOURCE_LABELS, liveQuoteNote } from '@pippitch/shared/sources';
import { useId } from 'react';
import type { LiveQuoteView, LiveState } from './useLiveQuotes';

/**
 * Read-only Live Market Rate for the chosen pair. The value flashes green for 500 ms when it changes
 * (the key restarts the animation). On a feed error the spec's fallback rate is shown, clearly marked. The note
 * names the source and gives the quote's London time ('Simulated feed · 18:05:45 London'); on a closed market, the
 * last price's date and time and when the market reopens.
 */
export function LiveRateField({
  pair,
  quote,
  state,
}: {
  pair: CurrencyPair;
  quote: LiveQuoteView | undefined;
  state: LiveState;
}) {
  const id = useId();
  // A daily-only pair has no live price to wait for or fall back to (issue 34): the field stays empty, the note says why.
  const info = pairInfo(pair);
  const dailyOnly = info.sourcing.kind === 'daily' && !quote;
  const failed = state.status === 'error' && !quote && !dailyOnly;
  const value = quote ? quote.mid.toFixed(info.decimals) : failed ? fallbackRate(pair) : '';
  const error = quote?.source === 'fallback' ? quote.error : failed ? state.message : undefined;
  // A closed market says so, with the date and time of the last price (issue 31 §2); the calculator works on it.
  const closed = quote ? closedMarketLine(new Date(quote.timestamp), new Date()) : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Live Market Rate
      </label>
      <input
        id={id}
        key={quote ? `${quote.pair}-${quote.timestamp}-${quote.mid}` : 'none'}
        readOnly
        value={state.status === 'loading' && !quote && !dailyOnly ? 'Loading...' : value}
        aria-describedby={`${id}-note`}
        className="flash-green block w-full rounded-lg border border-slate-300 bg-slate-100 px-3 py-2.5 font-mono text-sm"
        data-testid="live-rate"
      />
      <p id={`${id}-note`} className={`mt-1 text-xs ${error ? 'text-amber-700' : 'text-slate-500'}`}>
        {error
          ? `${error} — showing the default rate for this pair`
          : quote
            ? closed
              ? `${LIVE_SOURCE_LABELS[quote.source]} · ${closed}`
              : liveQuoteNote(quote)
            : failed
              ? 'Default rate'
              : dailyOnly
                ? // No live price exists: the record uses the day's ECB reference rate (issue 34).
                  `No live price: ${DAILY_REFERENCE_LABEL}`
                : ' '}
      </p>
    </div>
  );
}
