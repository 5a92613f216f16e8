// The admin dashboard's data-status card (issue 21 §3): where each pair's minutes come from, how far the backfill
// of real history has got, the live feed's last tick and the ECB's last fix. The contract and its words, in one home.
import { BAR_SOURCE_LABELS, type BarSource, DAILY_REFERENCE_LABEL } from './sources';
import { formatIsoDate, formatLondonDateTime, londonClockTime, londonDateOf } from './time';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const londonDate = (iso: string) => londonDateOf(new Date(iso));

export interface PairDataStatus {
  pair: string;
  /** The history provider's key ('dukascopy', 'tradermade'), null before any backfill. */
  provider: string | null;
  /** First and last real minute the provider gave (ISO), null when none yet. */
  realFrom: string | null;
  realTo: string | null;
  /** 0–100: how much of the span from the backfill's start to now has been asked of the provider. */
  progressPct: number | null;
  /** The last live quote stored for the pair (ISO). */
  lastTick: string | null;
  lastError: string | null;
  /** With an error: the history job's next try (ISO), when one is queued. */
  nextTryAt: string | null;
}

export interface MarketDataStatus {
  pairs: PairDataStatus[];
  feed: {
    name: string;
    lastSuccessAt: string | null;
    lastError: string | null;
    failing: boolean;
    /** While failing: when the poller tries the feed again (ISO), the end of its backoff; else null. */
    nextTryAt: string | null;
  } | null;
  /** `nextTryAt` (ISO), with an error: the ECB job's next try, when one is queued (a retry or a run sent). */
  ecb: { lastDate: string | null; lastError: string | null; lastSuccessAt: string | null; nextTryAt: string | null };
  /** The configured history provider's own health (market_fetch_status), null before its first run. */
  history: {
    description: string;
    lastSuccessAt: string | null;
    lastError: string | null;
    nextTryAt: string | null;
  } | null;
}

/** fx_feed_status's key in words ('tradermade' → 'TraderMade'). */
export function feedLabel(name: string): string {
  return name === 'tradermade' ? 'TraderMade' : name;
}

export function providerLabel(provider: string | null): string {
  return provider && provider in BAR_SOURCE_LABELS ? BAR_SOURCE_LABELS[provider as BarSource] : 'the history provider';
}

/** 'Real (Dukascopy) 30 Sep 2024 – 25 Nov 2026 14:59 London' or 'Simulated (ECB-anchored) only'. */
/** fx_history_backfill's provider for a daily-only pair's ECB fixes (issue 34). */
export const DAILY_PROVIDER = 'ecb_daily';

export function realSpanText(p: PairDataStatus): string {
  if (p.provider === DAILY_PROVIDER && p.realFrom && p.realTo)
    return `${capitalised(DAILY_REFERENCE_LABEL)}: ECB fixes ${formatIsoDate(p.realFrom.slice(0, 10))} – ${formatIsoDate(londonDate(p.realTo))}`;
  if (!p.realFrom || !p.realTo) return 'Simulated (ECB-anchored) only so far';
  return `Real (${providerLabel(p.provider)}) ${formatIsoDate(p.realFrom.slice(0, 10))} – ${formatLondonDateTime(new Date(p.realTo))} London`;
}

export function backfillText(p: PairDataStatus): string {
  if (p.provider === DAILY_PROVIDER) return 'Each ECB fix added when published';
  if (p.progressPct === null) return 'Backfill not started';
  if (p.progressPct >= 100) return 'Backfill complete; topped up hourly';
  return `Backfill ${p.progressPct}% done`;
}

export function lastTickText(p: PairDataStatus): string {
  if (p.provider === DAILY_PROVIDER) return 'No live feed: one rate a day';
  return p.lastTick ? `Last feed tick ${formatLondonDateTime(new Date(p.lastTick))} London` : 'No feed tick yet';
}

export const DATA_STATUS_MESSAGES = {
  title: 'Market data',
  intro:
    'Where each pair’s minute prices come from. Simulated minutes are ECB reference rates with simulated movement.',
  feedFailing: (name: string, error: string | null, nextTryAt: string | null = null) =>
    `The ${feedLabel(name)} feed is failing. ${error ? providerErrorWords(error, 'fallback rates are shown until it recovers', nextTryAt) : `Fallback rates are shown until it recovers${nextTry(nextTryAt)}`}.`,
  feedOk: (name: string, at: string | null) =>
    `Live feed: ${feedLabel(name)}${at ? `, last answered ${formatLondonDateTime(new Date(at))} London` : ''}`,
  ecb: (date: string | null) =>
    date ? `ECB reference rates to ${formatIsoDate(date)}` : 'No ECB reference rates on file',
  ecbError: (error: string, nextTryAt: string | null = null) =>
    `Last ECB fetch failed. ${providerErrorWords(error, 'the bundled ECB rates are in use', nextTryAt)}.`,
  pairError: (error: string, nextTryAt: string | null = null) =>
    `${providerErrorWords(error, 'the bundled data is in use', nextTryAt)}.`,
  historyError: (description: string, error: string, nextTryAt: string | null = null) =>
    `${description} did not answer. ${providerErrorWords(error, 'the bundled data is in use', nextTryAt)}.`,
} as const;

/** What kind of failure a provider's raw error is (issue 31 §4: a person reads words, not 'ENOTFOUND'). */
export type ProviderFailure = 'network' | 'refused' | 'timeout' | 'key' | 'limit' | 'provider' | 'other';

export function providerFailure(raw: string): ProviderFailure {
  if (/ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|getaddrinfo|fetch failed|network/i.test(raw)) return 'network';
  if (/ECONNREFUSED|ECONNRESET|socket hang up|EPIPE/i.test(raw)) return 'refused';
  if (/ETIMEDOUT|timed? ?out|AbortError|aborted/i.test(raw)) return 'timeout';
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden|api.?key/i.test(raw)) return 'key';
  if (/\b429\b|rate.?limit|too many requests|quota/i.test(raw)) return 'limit';
  if (/\b5\d\d\b|service unavailable|bad gateway|internal server error/i.test(raw)) return 'provider';
  return 'other';
}

const FAILURE_WORDS: Readonly<Record<ProviderFailure, string>> = {
  network: 'No network',
  refused: 'The provider refused the connection',
  timeout: 'The provider did not answer in time',
  key: 'The provider refused the API key (check it in the configuration)',
  limit: 'The provider’s request limit is reached',
  provider: 'The provider is having trouble at its end',
  other: 'The provider answered with an error (the worker’s log has the details)',
};

/**
 * A provider's error in words, with what is used meanwhile and, when known, the next try in London time:
 * 'No network: the bundled data is in use; next try at 14:05'. The raw error stays in the worker's log.
 */
export function providerErrorWords(raw: string, meanwhile: string, nextTryAt?: Date | string | null): string {
  return `${FAILURE_WORDS[providerFailure(raw)]}: ${meanwhile}${nextTry(nextTryAt)}`;
}

/** '; next try at 14:05' (London wall time), or nothing when no next try is known. */
function nextTry(at: Date | string | null | undefined): string {
  return at ? `; next try at ${londonClockTime(new Date(at))}` : '';
}
