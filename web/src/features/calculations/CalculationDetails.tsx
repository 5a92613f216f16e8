import { formatRate, formatSignedRate } from '@pippitch/shared/calculator';
import { formatAmount, formatMoney, pairCurrencies } from '@pippitch/shared/money';
import { isCurrencyPair, pairLabel } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/src/api/trpc/router';
import { Alert } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';
import { EvidenceRecord } from './EvidenceRecord';

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
  | 'pips'
  | 'costWithCompetitor'
  | 'costWithUs'
  | 'savingsPerTrade'
  | 'annualSavings'
  | 'percentageSavings'
>;

/** Every field of Calculation Details (spec §2), labelled as the modal labels them. */
export function calculationRows(e: CalculationFields): [string, string][] {
  // The amount is in the currency bought, costs in the currency sold (shared/src/money.ts; docs/decisions.md issue 22).
  const { bought, sold } = isCurrencyPair(e.pair)
    ? pairCurrencies(e.pair)
    : { bought: 'GBP' as const, sold: 'GBP' as const };
  const money = (v: string) => formatMoney(v, sold);
  return [
    ['Time & Date', formatLondonDateTime(new Date(e.createdAt))],
    ['Currency Pair', isCurrencyPair(e.pair) ? pairLabel(e.pair) : e.pair],
    ['Your Rate', e.marginPips > 0 ? `${formatRate(e.yourRate)} (+${e.marginPips} pips)` : formatRate(e.yourRate)],
    ['Comp Rate', formatRate(e.competitorRate)],
    ['Client Name', e.clientName ?? '—'],
    ['Comp Date', usDate(e.comparisonDate)],
    [`Amt to Buy (${bought})`, formatAmount(e.amount)],
    ['Trades/Year', String(e.tradesPerYear)],
    ['Price Diff', formatSignedRate(e.priceDifference)],
    ['PIPs', e.pips],
    ['Cost w/ Comp', money(e.costWithCompetitor)],
    ['Cost w/ Us', money(e.costWithUs)],
    ['Savings/Trade', money(e.savingsPerTrade)],
    ['Annual Savings', money(e.annualSavings)],
    ['% Savings', `${e.percentageSavings}%`],
  ];
}

function EntryCard({ entry, index, count }: { entry: CalculationEntry; index: number; count: number }) {
  const tone = entry.isAdvantage ? 'text-green-700' : 'text-red-700';
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <h4 className="mb-3 text-sm font-semibold text-slate-700">
        Calculation {count - index} of {count}
      </h4>
      {entry.offMarket && (
        <p
          className="mb-3 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800"
          data-testid="off-market-flag"
        >
          Off-market competitor rate, used anyway: this pitch is kept out of totals and averages.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3">
        {calculationRows(entry).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd
              className={`break-words text-sm font-semibold ${
                label === 'Annual Savings' || label === '% Savings' || label === 'Savings/Trade'
                  ? tone
                  : 'text-slate-900'
              }`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <EvidenceRecord entry={entry} />
    </li>
  );
}

/** The calculations' query, shared by the list and the modal's title (one request: same key). */
export function useCalculations(companyName: string, enabled = true) {
  const name = companyName.trim();
  return trpc.calculator.forCompany.useQuery({ companyName: name }, { enabled: enabled && name.length > 0 });
}

/** The list of a company's calculations (newest first); also the body of the leads' detail modal. */
export function CalculationDetailsList({ companyName }: { companyName: string }) {
  const query = useCalculations(companyName);
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-500">
        Loading calculations...
      </p>
    );
  }
  if (query.isError) return <Alert tone="error">{errorMessage(query.error, 'Failed to load calculations')}</Alert>;
  const entries = query.data;
  if (entries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
        <p className="font-semibold text-slate-800">No calculations yet</p>
        <p className="mt-1 text-sm text-slate-600">
          This company has been added but no calculations have been performed.
        </p>
      </div>
    );
  }
  return (
    <ol className="space-y-3" aria-label="Calculations">
      {entries.map((e, i) => (
        <EntryCard key={e.id} entry={e} index={i} count={entries.length} />
      ))}
    </ol>
  );
}
