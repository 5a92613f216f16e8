import { LONDON } from './time';

// Where prices come from, and the words the screen uses for each (design.md §3: the data source is named on
// screen, honestly). One list per kind of source, with its labels, so worker, server and web cannot drift.

/** Where a minute bar came from (fx_minute_bars.source): the bundled data set, a vendor feed, the simulated feed,
 * a CSV import, a history provider's backfill (Dukascopy, TraderMade's timeseries), a cross derived from two legs
 * at the same minute, or the ECB's daily reference for a currency with no minute market (issue 34). */
export const BAR_SOURCES = [
  'ecb_sim',
  'feed',
  'simulated',
  'import',
  'dukascopy',
  'tradermade',
  'derived',
  'ecb_daily',
] as const;
export type BarSource = (typeof BAR_SOURCES)[number];

/** Sources that made their minutes up (the bundled ECB-anchored set, the simulated feed): a backfill replaces these. */
export const SIMULATED_BAR_SOURCES: readonly BarSource[] = ['ecb_sim', 'simulated'];

/** True for a minute that was simulated rather than traded (unknown sources count as the data set's). */
export function isSimulatedBar(source: string | null | undefined): boolean {
  return (
    !source || !(BAR_SOURCES as readonly string[]).includes(source) || source === 'ecb_sim' || source === 'simulated'
  );
}

/** What a daily-only pair's price is (issue 34 §2): the ECB's fix, never a minute's. */
export const DAILY_REFERENCE_LABEL = 'daily reference rate — no intraday prices';

/** The name of one minute's source, as the history modal, the rate-at-time answer and the evidence pack show it. */
export const BAR_SOURCE_LABELS: Readonly<Record<BarSource, string>> = {
  ecb_sim: 'ECB-anchored, simulated',
  feed: 'Live market feed',
  simulated: 'Simulated feed',
  import: 'Dukascopy (imported)',
  dukascopy: 'Dukascopy',
  tradermade: 'TraderMade',
  derived: 'Derived cross',
  ecb_daily: DAILY_REFERENCE_LABEL,
};

/** Said beside a rate read from a simulated minute. */
export const SIMULATED_MINUTE_NOTE =
  'A simulated minute (ECB reference rates with simulated movement between them), not a traded price.';

/**
 * The bundled ECB file's last fix (core/data/fx/SOURCE.md): the data set's minutes after it are a seeded random
 * walk with no reference rate under them, so they are not 'ECB-anchored' (issue 31 §3).
 */
export const BUNDLED_ECB_LAST_FIX = '2026-04-13';
export const UNANCHORED_SIMULATED_LABEL = 'simulated (no reference after 13 Apr 2026)';

/**
 * The first instant with no ECB fix under the data set's minutes: London midnight after the file's last fix,
 * 14 Apr 2026 00:00 BST (shared/test/minute-kinds.test.ts checks it). A literal: computing it from the time helpers
 * when this module loads stopped the built pages hydrating (the market-data browser journey could not sign in).
 */
export const UNANCHORED_FROM_MS = Date.UTC(2026, 3, 13, 23, 0);

/** Whether a data-set minute at this instant lies after the bundled ECB file ends (so nothing anchors it). */
export function isAfterBundledEcb(at: Date | string | number): boolean {
  return new Date(at).getTime() >= UNANCHORED_FROM_MS;
}

/**
 * The words for one minute's source. With the minute's instant, a data-set minute after the bundled ECB file ends
 * is called what it is: simulated with no reference.
 */
export function barSourceLabel(source: string | null | undefined, at?: Date | string | number): string {
  const known = (BAR_SOURCES as readonly string[]).includes(source ?? '') ? (source as BarSource) : 'ecb_sim';
  if (known === 'ecb_sim' && at !== undefined && isAfterBundledEcb(at)) return UNANCHORED_SIMULATED_LABEL;
  return BAR_SOURCE_LABELS[known];
}

/** Where a fetched quote came from (fx_quotes.source): a real vendor feed, or the built-in simulated feed. */
export const QUOTE_SOURCES = ['feed', 'simulated'] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/**
 * What a live rate on screen is: a fetched quote (`feed`, `simulated`), the spec's default rate while the feed fails
 * (`fallback`), or, until the first quote arrives, the newest stored price (`stored`).
 */
export const LIVE_SOURCES = [...QUOTE_SOURCES, 'fallback', 'stored'] as const;
export type LiveSource = (typeof LIVE_SOURCES)[number];

export const LIVE_SOURCE_LABELS: Readonly<Record<LiveSource, string>> = {
  feed: 'Live market feed',
  simulated: 'Simulated feed',
  fallback: 'Fallback rate',
  stored: 'Last stored price',
};

/**
 * A series' sources summed up for its label: 'Real Market Data' only for a real feed or an import; the bundled data
 * set is ECB daily reference rates with simulated moves between them up to the file's last fix, and a seeded random
 * walk with no reference after it (`unanchored`, issue 31 §3); a daily-only pair's one ECB rate a day is `daily`
 * (issue 34), real but not intraday.
 */
export const PRICE_SOURCES = ['real', 'ecb_sim', 'unanchored', 'simulated', 'daily', 'mixed', 'none'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/** What one minute is, summed up: everything but the summaries' 'mixed' and 'none'. */
export type MinuteKind = Exclude<PriceSource, 'mixed' | 'none'>;

export const PRICE_SOURCE_LABELS: Readonly<Record<PriceSource, string | undefined>> = {
  real: 'Real Market Data',
  ecb_sim: 'ECB reference rates · simulated intraday',
  unanchored: UNANCHORED_SIMULATED_LABEL,
  simulated: LIVE_SOURCE_LABELS.simulated,
  daily: DAILY_REFERENCE_LABEL,
  mixed: 'Mixed sources',
  none: undefined,
};

/**
 * What one stored minute is (unknown sources count as the data set's). Without its instant a data-set minute is
 * taken as ECB-anchored: callers that know the minute pass it.
 */
export function minuteKindOf(source: string | null | undefined, at?: Date | string | number): MinuteKind {
  if (source === 'ecb_daily') return 'daily';
  if (!isSimulatedBar(source)) return 'real';
  if (source === 'simulated') return 'simulated';
  return at !== undefined && isAfterBundledEcb(at) ? 'unanchored' : 'ecb_sim';
}

/** The one summary of a set of minute kinds. */
export function summariseKinds(kinds: Iterable<MinuteKind>): PriceSource {
  const seen = new Set(kinds);
  if (seen.size === 0) return 'none';
  if (seen.size > 1) return 'mixed';
  return [...seen][0] ?? 'none';
}

/** The one summary of a set of bar sources whose instants are not known (data-set minutes count as anchored). */
export function summariseSources(sources: Iterable<string>): PriceSource {
  return summariseKinds([...sources].map((s) => minuteKindOf(s)));
}

/** Said beside a rate read from a simulated minute, by what the minute is. */
export function simulatedMinuteNote(kind: PriceSource): string {
  if (kind === 'unanchored')
    return 'A simulated minute with no reference rate under it (a seeded random walk after the bundled ECB rates end on 13 Apr 2026), not a traded price.';
  if (kind === 'simulated') return 'A minute from the simulated feed, not a traded price.';
  return SIMULATED_MINUTE_NOTE;
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The line under the live rate: its source and its time with the zone, e.g. 'Simulated feed · 18:05:45 London'; a
 * derived cross names its legs ('Simulated feed · derived cross GBP/USD × USD/PLN · 18:05:45 London').
 * Here rather than beside the live-quote schema so the browser gets it without zod.
 */
export function liveQuoteNote(quote: { source: LiveSource; timestamp: number; derived?: string | undefined }): string {
  const cross = quote.derived ? ` · derived cross ${quote.derived}` : '';
  return `${LIVE_SOURCE_LABELS[quote.source]}${cross} · ${londonClock.format(new Date(quote.timestamp))} London`;
}
