import type { AppRouter } from '@pippitch/server';
import { minorUnits } from '@pippitch/shared/currencies';
import { formatRate, formatSignedRate } from '@pippitch/shared/format';
import { formatAmount, formatMoney, pairCurrencies } from '@pippitch/shared/money';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from './trpc';

/**
 * A saved calculation as every page lists it: Calculation Details, the leads' detail modal and an admin's view of
 * a broker's day all read the same entry, rows and query from here.
 */
export type CalculationEntry = inferRouterOutputs<AppRouter>['calculator']['forCompany'][number];

/** 'YYYY-MM-DD' → '11/22/2026' (en-US, as the calculator's Comparison Date shows it). */
export function usDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  return `${Number(m[2])}/${Number(m[3])}/${m[1]}`;
}

/** The fields a calculation shows wherever it is listed (Calculation Details, an admin's view of a broker's day). */
export type CalculationFields = Pick<
  CalculationEntry,
  | 'createdAt'
  | 'pair'
  | 'yourRate'
  | 'marginPips'
  | 'competitorRate'
  | 'clientName'
  | 'comparisonDate'
  | 'amount'
  | 'tradesPerYear'
  | 'priceDifference'
  | 'differenceInPips'
  | 'costWithCompetitor'
  | 'costWithUs'
  | 'savingsPerTrade'
  | 'annualSavings'
  | 'percentageSavings'
>;

/**
 * Decimals of a saved calculation's rates: the catalogue's for its pair (4 for the six, 2 for a yen quote), 4 for a
 * code outside it. Read from the catalogue the calculator already loaded (shared/src/format.ts's formatPairRate
 * is the server's; the web's first load stays within its budget).
 */
export function pairDecimals(pair: string): number {
  return isCurrencyPair(pair) ? pairInfo(pair).decimals : 4;
}

/** Every field of Calculation Details (spec §2), labelled as the modal labels them. */
export function calculationRows(e: CalculationFields): [string, string][] {
  // The amount is in the currency bought, costs in the currency sold (shared/src/money.ts; docs/decisions.md issue 22).
  const { bought, sold } = isCurrencyPair(e.pair)
    ? pairCurrencies(e.pair)
    : { bought: 'GBP' as const, sold: 'GBP' as const };
  const money = (v: string) => formatMoney(v, sold);
  // Rates at the pair's decimals (issue 34: 4 for the six, 2 for a yen quote); an amount's fraction by ISO 4217.
  const decimals = pairDecimals(e.pair);
  const rate = (v: string) => formatRate(v, decimals);
  return [
    ['Time & Date', formatLondonDateTime(new Date(e.createdAt))],
    ['Currency Pair', isCurrencyPair(e.pair) ? pairLabel(e.pair) : e.pair],
    ['Your Rate', e.marginPips > 0 ? `${rate(e.yourRate)} (+${e.marginPips} pips)` : rate(e.yourRate)],
    ['Comp Rate', rate(e.competitorRate)],
    ['Client Name', e.clientName ?? '—'],
    ['Comp Date', usDate(e.comparisonDate)],
    [`Amt to Buy (${bought})`, formatAmount(e.amount, e.amount.includes('.') ? minorUnits(bought) : 0)],
    ['Trades/Year', String(e.tradesPerYear)],
    ['Price Diff', formatSignedRate(e.priceDifference, decimals)],
    ['PIPs', e.differenceInPips],
    ['Cost w/ Comp', money(e.costWithCompetitor)],
    ['Cost w/ Us', money(e.costWithUs)],
    ['Savings/Trade', money(e.savingsPerTrade)],
    ['Annual Savings', money(e.annualSavings)],
    ['% Savings', `${e.percentageSavings}%`],
  ];
}

/** The calculations' query, shared by the list and the modal's title (one request: same key). */
export function useCalculations(companyName: string, enabled = true) {
  const name = companyName.trim();
  return trpc.calculator.forCompany.useQuery({ companyName: name }, { enabled: enabled && name.length > 0 });
}
