import type { Interval } from '@pippitch/shared/pairs';
import { INTERVAL_PRECISION_LABELS } from '@pippitch/shared/pairs';
import type { SourceSpan, SpanSource } from '@pippitch/shared/source-spans';
import {
  DAILY_REFERENCE_LABEL,
  PRICE_SOURCE_LABELS,
  type PriceSource,
  UNANCHORED_SIMULATED_LABEL,
} from '@pippitch/shared/sources';
import { formatLondonDateTime } from '@pippitch/shared/time';

// The data source, named honestly (design §3): 'Real Market Data' only for a real feed or an import. The labels
// live with the source lists in shared/src/sources.ts (PRICE_SOURCE_LABELS), so the chart, the lookup and the live
// rate use one set.

/** The same names where they continue a sentence ("…, then simulated feed from 12 Nov"). */
const LATER_NAMES: Readonly<Record<SpanSource, string>> = {
  real: 'real market data',
  ecb_sim: 'ECB reference rates · simulated intraday',
  unanchored: UNANCHORED_SIMULATED_LABEL,
  simulated: 'simulated feed',
  daily: DAILY_REFERENCE_LABEL,
};

const WEEK_MS = 7 * 86_400_000;

/**
 * Names the sources that make up a chart series, in time order: "ECB reference rates · simulated intraday,
 * then simulated feed from 12 Nov". Changes within a short series carry their London time. A series that
 * switches back and forth names its sources and the latest change, so the badge stays one short line.
 */
export function seriesSourceLabel(spans: readonly SourceSpan[]): string | undefined {
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return undefined;
  if (spans.length === 1) return `${PRICE_SOURCE_LABELS[first.source]}${providersOf(first)}`;
  const withTime = Date.parse(last.to) - Date.parse(first.from) <= WEEK_MS;
  const since = (s: SourceSpan) => `${LATER_NAMES[s.source]}${providersOf(s)} from ${when(s.from, withTime)}`;
  if (spans.length <= 3)
    return [`${PRICE_SOURCE_LABELS[first.source]}${providersOf(first)}`, ...spans.slice(1).map(since)].join(', then ');
  const names = [...new Set(spans.map((s) => s.source))].map((s) => LATER_NAMES[s]);
  return `${capitalise(names.join(' and '))} in turn, ${since(last)}`;
}

/** ' (Dukascopy)' after a real span: who the minutes came from (issue 21); nothing for simulated ones. */
function providersOf(span: SourceSpan): string {
  return span.source === 'real' && span.providers?.length ? ` (${span.providers.join(', ')})` : '';
}

/** '12 Nov', or '12 Nov 14:05 London' when the series is short enough for the time to matter. */
function when(iso: string, withTime: boolean): string {
  const [date = '', time = ''] = formatLondonDateTime(new Date(iso)).split(', ');
  const dayMonth = date.split(' ').slice(0, 2).join(' ');
  return withTime ? `${dayMonth} ${time} London` : dayMonth;
}

const capitalise = (s: string) => (s.startsWith('ECB') ? s : s.charAt(0).toUpperCase() + s.slice(1));

/** The precision badge: a daily-only pair's series has one ECB rate a day whatever the buckets (issue 34). */
export const precisionLabel = (interval: Interval, source?: PriceSource) =>
  source === 'daily' ? 'one rate a day' : `${INTERVAL_PRECISION_LABELS[interval]} precision`;
