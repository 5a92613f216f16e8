import type { CalculationResult } from '@pippitch/shared/calculator';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { resultCaveat, resultFigures } from '../../lib/calculator-core';

/** The demo's results beside the form: the figures in the spec's order, coloured by outcome or by their caveat. */
export function DemoResults({
  clientName,
  result,
  pair,
  offMarket,
  belowMid,
}: {
  clientName: string;
  result: CalculationResult | null;
  pair: CurrencyPair;
  offMarket: boolean;
  belowMid: boolean;
}) {
  const flagged = result ? resultCaveat(offMarket, belowMid) : null;
  const rows = result ? resultFigures(result, pair) : [];
  const good = (result?.isAdvantage ?? true) && !flagged;
  return (
    <section
      aria-label="Demo results"
      className={`rounded-2xl p-5 lg:col-span-2 ${result ? (flagged ? 'bg-amber-50' : good ? 'bg-green-50' : 'bg-red-50') : 'bg-slate-50'}`}
    >
      <h3 className="font-semibold">{clientName.trim() ? `Savings for ${clientName.trim()}` : 'Results'}</h3>
      {flagged && (
        <p className="mt-1 text-sm font-medium text-amber-800" data-testid="demo-flag">
          {flagged}
        </p>
      )}
      {result ? (
        <dl className="mt-3 space-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between gap-3 border-b border-black/5 pb-1.5">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd
                data-testid={`demo-${label}`}
                className={`font-semibold ${flagged ? 'text-amber-900' : good ? 'text-green-800' : 'text-red-800'}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Press Calculate Savings to see what the client would save.</p>
      )}
    </section>
  );
}
