import type { CalculationResult } from '@pippitch/shared/calculator';
import { pairCurrencies } from '@pippitch/shared/money';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { annualHeading, BELOW_MID_WORDS } from '@pippitch/shared/totals';
import { resultCaveat, resultFigures } from '../../lib/calculator-core';

const TONE = {
  advantage: { box: 'border-green-200 bg-green-50', value: 'text-green-700', label: 'You save the client money' },
  disadvantage: { box: 'border-red-200 bg-red-50', value: 'text-red-700', label: 'The competitor is cheaper' },
  neutral: { box: 'border-slate-200 bg-slate-50', value: 'text-slate-800', label: 'Same cost either way' },
} as const;

const testId = (label: string) => `result-${label.toLowerCase().replace(/ /g, '-')}`;

/**
 * The figures as label–value rows: a value of any length up to the calculator's bounds (£1,000,000,000 at 100,000
 * trades a year) keeps its own line, right-aligned, and moves under its label rather than into its neighbour.
 */
export function ResultsPanel({
  result,
  pair,
  offMarket = false,
  checkedAgainst = null,
  belowMid = false,
}: {
  result: CalculationResult;
  pair: CurrencyPair;
  /** Saved with an off-market competitor rate: kept out of totals, and said so. */
  offMarket?: boolean;
  /** On a day without prices, the session the check used ('Checked against Friday 27 Nov, 06:00–21:59'). */
  checkedAgainst?: string | null;
  /** Our rate is better than the mid: the client's saving is the desk's loss (issue 31 §5). */
  belowMid?: boolean;
}) {
  // An off-market competitor rate, or a rate below the mid, is no saving to claim: amber, and said so.
  const caveat = resultCaveat(offMarket, belowMid);
  const tone = caveat
    ? { box: 'border-amber-300 bg-amber-50', value: 'text-amber-900', label: caveat }
    : TONE[result.outcome];
  const heading = annualHeading(result.outcome);
  // The annual figure leads, larger; the others follow in the spec's order.
  const figures = resultFigures(result, pair);
  const annual = figures.find(([label]) => label === heading)?.[1] ?? '';
  const rows = figures.filter(([label]) => label !== heading);
  return (
    <section aria-label="Results" data-outcome={result.outcome} className={`rounded-2xl border p-5 ${tone.box}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">Results</h2>
        <span className={`text-sm font-medium ${tone.value}`}>{tone.label}</span>
      </div>
      <p className="mt-1 text-xs text-slate-600" data-testid="results-currency">
        Costs and savings in {pairCurrencies(pair).sold}, the currency the client sells.
      </p>
      {offMarket && (
        <p
          className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800"
          data-testid="off-market-note"
        >
          Off-market competitor rate: this pitch is kept out of totals and averages.
          {checkedAgainst && ` ${checkedAgainst}.`}
        </p>
      )}
      {belowMid && !offMarket && (
        <p
          className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800"
          data-testid="below-mid-note"
        >
          Your rate with its margin is better than the mid: {BELOW_MID_WORDS}. Not counted as a saving.
        </p>
      )}
      <dl className="mt-4">
        <div className="rounded-xl bg-white/70 px-4 py-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{heading}</dt>
          <dd
            className={`mt-1 break-all font-mono font-bold tabular-nums ${annual.length > 16 ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-3xl'} ${tone.value}`}
            data-testid={testId('Annual Savings')}
          >
            {annual}
          </dd>
        </div>
        {rows.map(([label, value], i) => (
          <div
            key={label}
            className={`flex flex-wrap items-baseline justify-between gap-x-4 py-2 ${i === 0 ? 'mt-2' : 'border-t border-slate-200/80'}`}
          >
            <dt className="whitespace-nowrap text-sm text-slate-600">{label}</dt>
            <dd
              className={`ml-auto min-w-0 break-all text-right font-mono text-base font-semibold tabular-nums ${tone.value}`}
              data-testid={testId(label)}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
