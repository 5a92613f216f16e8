import { CURRENCY_CODES, type CurrencyCode, currency } from './currencies';

// The pair catalogue (issue 34 §1): every currency of the ECB's list against GBP, EUR and USD, with the market's
// conventions for each pair and how its minutes are sourced. One home: the calculator, the history modal, packs,
// reports, Salesforce, alerts, margin floors and the live contract all read it.
//
// A pair is what the client does: sell the base, buy the quote (GBP/PLN: a UK importer pays a Polish supplier). So
// the catalogue holds GBP/x for every other currency, EUR/x for every currency but GBP (GBP/EUR covers that
// market), USD/x for every currency but GBP and EUR. Prices are stored the way the market quotes them (EUR before
// GBP before AUD and NZD before USD before the rest), so GBP/EUR is EUR/GBP served inverted, as it always was, and
// USD/AUD is AUD/USD inverted.

type Ccy = CurrencyCode;
export type GbpPair = `GBP${Exclude<Ccy, 'GBP'>}`;
export type EurPair = `EUR${Exclude<Ccy, 'EUR' | 'GBP'>}`;
export type UsdPair = `USD${Exclude<Ccy, 'USD' | 'EUR' | 'GBP'>}`;
/** Any pair of the catalogue ('GBPPLN'). */
export type CataloguePair = GbpPair | EurPair | UsdPair;

/** The market's order of precedence for which currency is the base of a quote. */
const PRECEDENCE: readonly Ccy[] = ['EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF', 'JPY'];

function rank(c: Ccy): number {
  const i = PRECEDENCE.indexOf(c);
  return i === -1 ? PRECEDENCE.length : i;
}

/**
 * Pairs the history provider carries (as the market quotes them): Dukascopy's FX instruments among our currencies.
 * It has no minutes for the Asian and Latin American non-deliverable currencies (CNY — only the offshore CNH —, INR,
 * KRW, IDR, MYR, PHP, BRL) nor for ISK: those are daily-only.
 */
export const PROVIDER_PAIRS: readonly string[] = [
  'EURUSD',
  'GBPUSD',
  'AUDUSD',
  'NZDUSD',
  'USDJPY',
  'USDCHF',
  'USDCAD',
  'USDNOK',
  'USDSEK',
  'USDDKK',
  'USDPLN',
  'USDCZK',
  'USDHUF',
  'USDRON',
  'USDTRY',
  'USDZAR',
  'USDMXN',
  'USDHKD',
  'USDSGD',
  'USDILS',
  'USDTHB',
  'EURGBP',
  'EURJPY',
  'EURCHF',
  'EURCAD',
  'EURAUD',
  'EURNZD',
  'EURNOK',
  'EURSEK',
  'EURDKK',
  'EURPLN',
  'EURCZK',
  'EURHUF',
  'EURTRY',
  'EURZAR',
  'EURHKD',
  'EURSGD',
  'GBPJPY',
  'GBPCHF',
  'GBPCAD',
  'GBPAUD',
  'GBPNZD',
  'GBPNOK',
  'GBPSEK',
];

/**
 * Pip size by the quote currency (market convention): a hundredth for currencies quoted in the hundreds or more
 * (yen, forint, krónur, won), a whole unit for the rupiah (quoted in the tens of thousands), else a ten-thousandth.
 */
const PIP_BY_QUOTE: Partial<Record<Ccy, string>> = { JPY: '0.01', HUF: '0.01', ISK: '0.01', KRW: '0.01', IDR: '1' };

/** The pip of a pair as the market quotes it (a stored code: 'USDJPY' → '0.01', 'EURGBP' → '0.0001'). */
export function quotedPipSize(stored: string): string {
  return PIP_BY_QUOTE[stored.slice(3) as Ccy] ?? '0.0001';
}

function decimalsOf(pip: string): number {
  return pip.includes('.') ? (pip.split('.')[1]?.length ?? 0) : 0;
}

/** One leg of a derived cross: a stored pair, used as quoted (`invert: false`) or as 1 ÷ its price. */
export interface CrossLeg {
  stored: string;
  invert: boolean;
}

export type PairSourcing =
  /** The provider carries the stored pair: its own minutes. */
  | { kind: 'direct' }
  /** The provider carries neither orientation: each minute is leg × leg at that same minute. */
  | { kind: 'derived'; legs: readonly [CrossLeg, CrossLeg]; method: string }
  /** No minute market for one of its currencies: the ECB's daily reference only. */
  | { kind: 'daily' };

export interface PairInfo {
  code: CataloguePair;
  /** 'GBP/PLN' */
  label: string;
  base: Ccy;
  quote: Ccy;
  /** 'Pound sterling / Polish zloty', for the searchable select. */
  name: string;
  /** One pip in the pair's quote, as a decimal string ('0.0001', '0.01'). */
  pipSize: string;
  /** Decimals a rate of the pair is shown with (the pip's). */
  decimals: number;
  /** How the market quotes it, which is how it is stored ('EURGBP' for GBP/EUR). */
  stored: string;
  /** Whether the pair's price is 1 ÷ the stored price. */
  invert: boolean;
  sourcing: PairSourcing;
}

function storedOf(base: Ccy, quote: Ccy): { stored: string; invert: boolean } {
  return rank(quote) < rank(base)
    ? { stored: `${quote}${base}`, invert: true }
    : { stored: `${base}${quote}`, invert: false };
}

function carried(a: Ccy, b: Ccy): CrossLeg | undefined {
  const { stored, invert } = storedOf(a, b);
  return PROVIDER_PAIRS.includes(stored) ? { stored, invert } : undefined;
}

function legLabel(a: Ccy, b: Ccy): string {
  return `${a}/${b}`;
}

function sourcingOf(base: Ccy, quote: Ccy): PairSourcing {
  if (carried(base, quote)) return { kind: 'direct' };
  // Through USD first (the deepest legs), then through EUR: base/quote = base/via × via/quote.
  for (const via of ['USD', 'EUR'] as const) {
    if (via === base || via === quote) continue;
    const first = carried(base, via);
    const second = carried(via, quote);
    if (first && second) {
      return {
        kind: 'derived',
        legs: [first, second],
        method: `${legLabel(base, via)} × ${legLabel(via, quote)} at the same minute`,
      };
    }
  }
  return { kind: 'daily' };
}

function pairInfoOf(base: Ccy, quote: Ccy): PairInfo {
  const pipSize = PIP_BY_QUOTE[quote] ?? '0.0001';
  return {
    code: `${base}${quote}` as CataloguePair,
    label: `${base}/${quote}`,
    base,
    quote,
    name: `${currency(base).name} / ${currency(quote).name}`,
    pipSize,
    decimals: decimalsOf(pipSize),
    ...storedOf(base, quote),
    sourcing: sourcingOf(base, quote),
  };
}

const BASES: readonly { base: Ccy; skip: readonly Ccy[] }[] = [
  { base: 'GBP', skip: ['GBP'] },
  { base: 'EUR', skip: ['EUR', 'GBP'] },
  { base: 'USD', skip: ['USD', 'EUR', 'GBP'] },
];

/** The spec's six pairs (§9), in its order: every desk's pairs until its admin chooses others. */
export const SPEC_PAIRS = ['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD'] as const;

/** Every pair: the spec's six first in the spec's order (the select as it always was), then GBP/x, EUR/x, USD/x. */
export const PAIR_CATALOGUE: readonly PairInfo[] = [
  ...SPEC_PAIRS.map((code) => pairInfoOf(code.slice(0, 3) as Ccy, code.slice(3) as Ccy)),
  ...BASES.flatMap(({ base, skip }) =>
    CURRENCY_CODES.filter((q) => !skip.includes(q) && !(SPEC_PAIRS as readonly string[]).includes(`${base}${q}`)).map(
      (q) => pairInfoOf(base, q),
    ),
  ),
];

const BY_CODE = new Map<string, PairInfo>(PAIR_CATALOGUE.map((p) => [p.code, p]));

export const CATALOGUE_CODES: readonly CataloguePair[] = PAIR_CATALOGUE.map((p) => p.code);

/** Decimals of a stored pair's quotes ('USDJPY' → 2). */
export function quotedDecimals(stored: string): number {
  return decimalsOf(quotedPipSize(stored));
}

export function isCataloguePair(value: string): value is CataloguePair {
  return BY_CODE.has(value);
}

export function pairInfo(code: CataloguePair): PairInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new RangeError(`Unknown currency pair: ${code}`);
  return info;
}

/** Every stored pair the catalogue's pairs need minutes of: direct pairs' own, derived crosses' legs. */
export function storedPairsFor(codes: Iterable<CataloguePair>): string[] {
  const out = new Set<string>();
  for (const code of codes) {
    const p = pairInfo(code);
    if (p.sourcing.kind === 'direct') out.add(p.stored);
    if (p.sourcing.kind === 'derived') for (const leg of p.sourcing.legs) out.add(leg.stored);
  }
  return [...out].sort();
}

function squash(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * Pairs matching what a broker typed: a code with or without its slash ('gbppln', 'GBP/PLN', 'pln') or a word of
 * a currency's name ('zloty', 'yen', 'hong kong'). An empty query matches everything.
 */
export function searchPairs(query: string, among: readonly PairInfo[] = PAIR_CATALOGUE): PairInfo[] {
  const q = squash(query);
  if (!q) return [...among];
  return among.filter((p) => p.code.toLowerCase().includes(q) || squash(p.name).includes(q));
}
