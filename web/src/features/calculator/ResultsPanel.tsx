import { type CalculationResult, formatGBP, formatSignedRate } from '@pippitch/shared/calculator';

const TONE = {
  advantage: { box: 'border-green-200 bg-green-50', value: 'text-green-700', label: 'You save the client money' },
  disadvantage: { box: 'border-red-200 bg-red-50', value: 'text-red-700', label: 'The competitor is cheaper' },
  neutral: { box: 'border-slate-200 bg-slate-50', value: 'text-slate-800', label: 'Same cost either way' },
} as const;

export function ResultsPanel({ result }: { result: CalculationResult }) {
  const tone = TONE[result.outcome];
  const rows: [string, string][] = [
    ['Price Difference', formatSignedRate(result.priceDifference)],
    ['Pips', result.differenceInPips],
    ['Cost With Competitor', formatGBP(result.costWithCompetitor)],
    ['Cost With Us', formatGBP(result.costWithUs)],
    ['Savings Per Trade', formatGBP(result.savingsPerTrade)],
    ['Annual Savings', formatGBP(result.annualSavings)],
    ['Percentage Savings', `${result.percentageSavings}%`],
  ];
  return (
    <section aria-label="Results" data-outcome={result.outcome} className={`rounded-2xl border p-5 ${tone.box}`}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Results</h2>
        <span className={`text-sm font-medium ${tone.value}`}>{tone.label}</span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          // A label that wraps to two lines must not lift its neighbours' values: values sit on one baseline per row.
          <div
            key={label}
            className={`flex flex-col justify-between ${label === 'Annual Savings' ? 'col-span-2 sm:col-span-1' : ''}`}
          >
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd
              className={`mt-0.5 font-mono text-lg font-bold ${tone.value}`}
              data-testid={`result-${label.toLowerCase().replace(/ /g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
