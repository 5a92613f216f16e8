import { Dec } from './decimal';
import { checkAgainstRange, type DayRange, isOffMarket, type MidUsed, sessionNote } from './evidence';
import { formatGBP, formatRate } from './format';
import { pairInfo } from './pair-catalogue';
import { pairMethodLines } from './pair-method';
import type { CurrencyPair } from './pairs';
import {
  BAR_SOURCE_LABELS,
  isAfterBundledEcb,
  LIVE_SOURCE_LABELS,
  type MinuteKind,
  UNANCHORED_SIMULATED_LABEL,
} from './sources';
import { formatIsoDate } from './time';

// Evidence packs (issue 14 §3): a prospect's past trades, each priced against the mid at its minute. One home for
// the upload's rules, the row format, the maths and their words, shared by the server (which prices and stores),
// the browser (which shows) and the PDF.

export const PACK_LIMITS = { minTrades: 3, maxRows: 500, maxBytes: 1_000_000 } as const;

/** How far before a trade's minute a price may come from, said on the row when used. */
export const PACK_MID_LOOKBACK_MINUTES = 5;

/** A pack's share link lives this long unless revoked. */
export const PACK_SHARE_DAYS = 30;

/** Our margin for "what it would have cost with us", in basis points of the mid. */
export const PACK_MARGIN_OPTIONS = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PACK_MARGIN_BPS = 20;

export const PACK_CSV_HEADER = 'date,time,pair,direction,amount,rate';
/** The template offered for download: the header, and two rows showing the formats. */
export const PACK_CSV_TEMPLATE = `${PACK_CSV_HEADER}
2025-10-29,14:05,GBPUSD,sell,250000,1.3120
2025-11-04,09:30,GBPEUR,buy,80000,1.1250
`;

export const PACK_MESSAGES = {
  tooLarge: `The file is larger than 1 MB. Split it: a pack holds up to ${PACK_LIMITS.maxRows} trades.`,
  tooManyRows: `A pack holds up to ${PACK_LIMITS.maxRows} trades. Remove some rows and try again.`,
  noHeader: `The first line must be the header: ${PACK_CSV_HEADER}`,
  tooFew: `A pack needs at least ${PACK_LIMITS.minTrades} valid trades.`,
  notFound: 'Evidence pack not found',
  leadNotFound: 'Lead not found',
  shareGone: 'This link has expired or was withdrawn. Ask your broker for a new one.',
} as const;

export type Direction = 'buy' | 'sell';

/** One trade as uploaded: the prospect bought or sold the pair's base currency at `rate`. */
export interface PackTrade {
  /** Line number in the upload (1 = header). */
  line: number;
  date: string;
  time: string;
  pair: CurrencyPair;
  direction: Direction;
  /** In the base currency. */
  amount: string;
  rate: string;
}

export interface BadRow {
  line: number;
  text: string;
  reason: string;
}

/** The price a trade was measured against: a mid used (its `at` the bar's instant), and how old its bar was. */
export interface TradeMid extends MidUsed {
  /** Minutes before the trade's minute (0: that minute's own bar). */
  minutesBefore: number;
  /** The minute was simulated (the bundled ECB-anchored set or the simulated feed), not a traded price. */
  simulated?: boolean;
}

export interface PricedTrade extends PackTrade {
  /** ISO instant of the trade's London minute. */
  at: string;
  mid: TradeMid | null;
  /** How much worse than the mid the prospect's rate was, in bps of the mid (negative: better than the mid). */
  markupBps: string | null;
  /** The amount in GBP (the base amount at the minute's mid for EUR). */
  amountGbp: string | null;
  /** The markup in GBP. */
  markupGbp: string | null;
  /** Our margin on the same trade, in GBP. */
  ourCostGbp: string | null;
  /** markup − our cost, in GBP. */
  savingGbp: string | null;
  /** Why a figure is missing, or a note on the price used. */
  note: string | null;
  /**
   * The rate was outside its day's range (on a day without prices, the last trading session's): a typo or an
   * off-market rate, shown with its figures but kept out of the totals (issue 31 §1). Absent on older packs.
   */
  offMarket?: boolean;
}

/**
 * One trade against its mid. A prospect who buys the base currency pays above the mid; one who sells receives
 * below it; the markup is that gap in bps of the mid, and in GBP it is amount × gap ÷ mid, in GBP (base GBP), or
 * converted at the minute's EUR/GBP mid (base EUR). Our cost is the broker's margin on the same amount.
 */
export function priceTrade(
  trade: PackTrade,
  at: Date,
  mid: TradeMid | null,
  /** GBP per unit of the base currency at that minute (1 for GBP). */
  gbpPerBase: string | null,
  marginBps: number,
  /** The trade's day range (or the last session's), for the off-market check; null when nothing is known. */
  range: DayRange | null = null,
): PricedTrade {
  const check = range ? checkAgainstRange(trade.rate, range, mid && { rate: mid.rate, at: mid.at }) : null;
  const offMarket = isOffMarket(check);
  const priced = priceAgainstMid(trade, at, mid, gbpPerBase, marginBps);
  if (!offMarket || !check) return priced;
  const decimals = pairInfo(trade.pair).decimals;
  const span = `${formatRate(check.low, decimals)}–${formatRate(check.high, decimals)}`;
  const session = sessionNote(check);
  const where = session
    ? `is outside the last trading session's range ${span} (${session.replace(/^C/, 'c')})`
    : check.daily
      ? `is more than ${check.daily.bandPercent}% from the ECB reference rate ${formatRate(check.daily.rate, decimals)} of ${formatIsoDate(check.date)} (no intraday prices)`
      : `is outside the day's range ${span}`;
  const words = `Off-market: ${check.rate} ${where}; not in the totals`;
  return { ...priced, offMarket: true, note: priced.note ? `${words} · ${priced.note}` : words };
}

function priceAgainstMid(
  trade: PackTrade,
  at: Date,
  mid: TradeMid | null,
  gbpPerBase: string | null,
  marginBps: number,
): PricedTrade {
  const base = { ...trade, at: at.toISOString(), mid };
  const none = { markupBps: null, amountGbp: null, markupGbp: null, ourCostGbp: null, savingGbp: null };
  if (!mid) return { ...base, ...none, note: `No price within ${PACK_MID_LOOKBACK_MINUTES} minutes before this time` };
  const m = new Dec(mid.rate);
  const gap = trade.direction === 'buy' ? new Dec(trade.rate).minus(m) : m.minus(trade.rate);
  const fraction = gap.dividedBy(m);
  const note = mid.minutesBefore > 0 ? `Price from ${mid.minutesBefore} min before (no bar at this minute)` : null;
  const markupBps = fraction.times(10_000).toDecimalPlaces(1).toFixed(1);
  if (!gbpPerBase) return { ...base, ...none, markupBps, note: 'No EUR/GBP price at this minute for the £ figures' };
  const amountGbp = new Dec(trade.amount).times(gbpPerBase);
  const markup = amountGbp.times(fraction);
  const ours = amountGbp.times(marginBps).dividedBy(10_000);
  return {
    ...base,
    markupBps,
    amountGbp: amountGbp.toFixed(2),
    markupGbp: markup.toFixed(2),
    ourCostGbp: ours.toFixed(2),
    savingGbp: markup.minus(ours).toFixed(2),
    note,
  };
}

export interface PackTotals {
  trades: number;
  /** Trades with £ figures on-market: the ones the totals add up. */
  priced: number;
  /** Trades outside their day's range, shown but not added (absent on older packs). */
  offMarket?: number;
  /** Amount traded in GBP, over the priced trades. */
  volumeGbp: string;
  markupGbp: string;
  ourCostGbp: string;
  savingGbp: string;
  /** Volume-weighted markup in bps. */
  averageMarkupBps: string;
  /** First to last trade, London dates. */
  from: string;
  to: string;
  /** Days the annual figure is scaled from (at least 30, so a burst of trades is not multiplied up). */
  spanDays: number;
  annualisedSavingGbp: string;
}

/** The pack's totals over the trades with £ figures, and the saving scaled to a year. */
export function packTotals(trades: PricedTrade[]): PackTotals {
  const priced = trades.filter((t) => t.savingGbp !== null && !t.offMarket);
  const sum = (pick: (t: PricedTrade) => string | null) =>
    priced.reduce((acc, t) => acc.plus(pick(t) ?? 0), new Dec(0));
  const markup = sum((t) => t.markupGbp);
  const saving = sum((t) => t.savingGbp);
  const volume = sum((t) => t.amountGbp);
  const dates = trades.map((t) => t.date).sort();
  const from = dates[0] ?? '';
  const to = dates[dates.length - 1] ?? '';
  const days = from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 : 0;
  const spanDays = Math.max(30, days);
  return {
    trades: trades.length,
    priced: priced.length,
    offMarket: trades.filter((t) => t.offMarket).length,
    volumeGbp: volume.toFixed(2),
    markupGbp: markup.toFixed(2),
    ourCostGbp: sum((t) => t.ourCostGbp).toFixed(2),
    savingGbp: saving.toFixed(2),
    averageMarkupBps: volume.isZero() ? '0.0' : markup.dividedBy(volume).times(10_000).toDecimalPlaces(1).toFixed(1),
    from,
    to,
    spanDays,
    annualisedSavingGbp: saving.times(365).dividedBy(spanDays).toFixed(2),
  };
}

/** Whether a trade was priced on a simulated minute (packs saved before the flag: told by their source's words). */
export function pricedOnSimulatedMinute(trade: PricedTrade): boolean {
  return trade.mid != null && (trade.mid.simulated ?? /simulated/i.test(trade.mid.source));
}

/**
 * What a simulated trade's minute was: ECB-anchored, simulated with no reference (after the bundled ECB file ends),
 * or the simulated feed; null for a real one. Told by the minute's instant as well as its words, so a pack saved
 * before the words were split (it called every data-set minute 'ECB-anchored') reads true too (issue 31 §3).
 */
export function simulatedKindOf(trade: PricedTrade): Exclude<MinuteKind, 'real' | 'daily'> | null {
  if (!trade.mid || !pricedOnSimulatedMinute(trade)) return null;
  const { source, at } = trade.mid;
  if (source === UNANCHORED_SIMULATED_LABEL) return 'unanchored';
  if (source === LIVE_SOURCE_LABELS.simulated || source === BAR_SOURCE_LABELS.simulated) return 'simulated';
  return isAfterBundledEcb(at) ? 'unanchored' : 'ecb_sim';
}

/**
 * A row's source column: the minute's source, which says 'simulated' when it was (flagged so where its words do
 * not), then the note on the price used if any. An older pack's 'ECB-anchored' minute after the ECB file ends is
 * named what it is.
 */
export function tradeSourceText(trade: PricedTrade): string {
  if (!trade.mid) return trade.note ?? '';
  const kind = simulatedKindOf(trade);
  const words = kind === 'unanchored' ? UNANCHORED_SIMULATED_LABEL : trade.mid.source;
  const flagged = kind !== null && !/simulated/i.test(words);
  const source = flagged ? `Simulated minute (${words})` : words;
  return trade.note ? `${source} · ${trade.note}` : source;
}

/** Each kind of simulated minute in the totals' line, with what it is. */
const SIMULATED_KIND_WORDS: Readonly<Record<Exclude<MinuteKind, 'real' | 'daily'>, string>> = {
  ecb_sim: 'ECB-anchored (ECB reference rates with simulated movement between them)',
  unanchored: `${UNANCHORED_SIMULATED_LABEL}: a seeded random walk with no ECB rate under it`,
  simulated: 'from the simulated feed',
};

/**
 * The totals' line on simulated minutes, or null when every priced trade stands on a real one. Each kind present is
 * counted and said for what it is; a pack wholly on ECB-anchored minutes reads as it always did.
 */
export function simulatedTradesNote(trades: readonly PricedTrade[]): string | null {
  const kinds = trades.map(simulatedKindOf).filter((k) => k !== null);
  const n = kinds.length;
  if (n === 0) return null;
  const priced = trades.filter((t) => t.mid).length;
  const head = `${n} of ${priced} trades priced on simulated minutes`;
  if (kinds.every((k) => k === 'ecb_sim'))
    return `${head} (ECB reference rates with simulated movement, not traded prices): their figures are indicative.`;
  const parts = (['ecb_sim', 'unanchored', 'simulated'] as const)
    .map((kind) => [kind, kinds.filter((k) => k === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${SIMULATED_KIND_WORDS[kind]}`);
  return `${head}, not traded prices (${parts.join('; ')}): their figures are indicative.`;
}

/** The headline figures, label and value, for the page, the share page and the PDF. */
export function packFigures(t: PackTotals): [string, string][] {
  return [
    ['Trades priced', `${t.priced} of ${t.trades}${t.offMarket ? ` (${t.offMarket} off-market, not counted)` : ''}`],
    ['Average markup', `${t.averageMarkupBps} bps`],
    ['Markup paid', formatGBP(t.markupGbp)],
    ['Saving with us', formatGBP(t.savingGbp)],
    [`A year (from ${t.spanDays} days)`, formatGBP(t.annualisedSavingGbp)],
  ];
}

/** The method and sources, in words, for the page, the share page and the PDF. */
export function packMethod(marginBps: number, pairs: Iterable<CurrencyPair> = []): string[] {
  return [
    `Each trade is compared with the mid-market price at its London minute: the close of that minute's bar, or the latest bar up to ${PACK_MID_LOOKBACK_MINUTES} minutes before it (said on the row). With no price in that window the trade is shown without figures, never guessed.`,
    'Markup = how much worse than the mid the rate was (buying the base currency above the mid, selling it below), in basis points of the mid; in GBP it is the amount × that gap ÷ the mid, converted at the EUR/GBP mid of the minute for EUR/USD.',
    `With us = a margin of ${marginBps} bps of the mid on the same amount. Saving = markup minus our margin. The annual figure scales the saving over the trades' span (at least 30 days) to 365 days.`,
    `Prices: PipPitch minute bars, each row naming its minute's source: Dukascopy or TraderMade history, a live market feed, 'ECB-anchored, simulated' (ECB reference rates with simulated movement between them) or '${UNANCHORED_SIMULATED_LABEL}' (a seeded random walk after the bundled ECB rates end), each flagged on the row and counted in the totals. Rates are indicative.`,
    ...pairMethodLines(pairs),
  ];
}
