import { isBelowMid } from '@pippitch/shared/below-mid';
import { amountLabel } from '@pippitch/shared/money';
import { type CurrencyPair, fallbackRate, pairLabel, SUPPORTED_PAIRS } from '@pippitch/shared/pairs';
import { formatComparisonDate } from '@pippitch/shared/time';
import { type FormEvent, useEffect, useState } from 'react';
import { FIELD_CONTROL, Field, Options } from '../../components/Field';
import { buttonClass } from '../../components/ui';
import { type CalculatorFields, EMPTY_FIELDS } from '../../lib/calculator-core';
import { useHydrated } from '../../lib/hydrated';
import { useCalculatorForm } from '../../lib/useCalculatorForm';
import { DemoCompetitorRate, DemoInput, DemoMarginChoice } from './DemoFields';
import { DemoResults } from './DemoResults';
import { demoRangeCheck } from './demo-range';
import { DEMO } from './HeroExampleCard';

// The landing page's working calculator (spec §2 'calculator demo'): every field of the real calculator, on the same
// core (lib/calculator-core.ts: the form's rules, Calculate, the figures), in the browser only (nothing is saved,
// nothing is fetched). The market rate is the product's sample rate for the pair, and says so: the live one needs a
// sign-in.

/** The demo's market rate: the spec's demo GBP/USD (1.3556, as the hero shows), the sample rate for other pairs. */
export function demoMarketRate(pair: CurrencyPair): string {
  return pair === 'GBPUSD' ? DEMO.yourRate : fallbackRate(pair);
}

/** The form as the landing page first shows it: the hero's worked example, ready to Calculate. */
const DEMO_FIELDS: CalculatorFields = {
  ...EMPTY_FIELDS,
  pair: 'GBPUSD',
  yourRate: DEMO.yourRate,
  competitorRate: DEMO.competitorRate,
  amount: DEMO.amount,
  tradesPerYear: String(DEMO.tradesPerYear),
};

export function LandingCalculator() {
  const hydrated = useHydrated();
  const form = useCalculatorForm(DEMO_FIELDS);
  const { fields, result, error } = form.state;
  const { pair } = fields;
  // A new pair starts from its own market rate (the core clears the old pair's rates).
  const setPair = (p: CurrencyPair) => {
    form.set('pair', p);
    form.set('yourRate', demoMarketRate(p));
  };
  // Today's date is the visitor's, not the build's: set after the prerendered page is taken over.
  const [today, setToday] = useState('');
  useEffect(() => setToday(formatComparisonDate(new Date())), []);

  const check = demoRangeCheck(demoMarketRate(pair), fields.competitorRate);
  function calculate(e: FormEvent) {
    e.preventDefault();
    // As signed in: an off-market rate needs the broker's say-so before it gives a figure.
    form.calculate(fields, check?.offMarket ?? false);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <form
        onSubmit={calculate}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-3"
        aria-label="Calculator demo"
      >
        {/* Disabled until React has adopted the prerendered page (lib/hydrated.ts). */}
        <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Currency Pair">
              {(id) => (
                <select
                  id={id}
                  className={FIELD_CONTROL}
                  value={pair}
                  onChange={(e) => setPair(e.target.value as CurrencyPair)}
                >
                  <Options values={SUPPORTED_PAIRS} text={pairLabel} />
                </select>
              )}
            </Field>
            <DemoInput
              label="Market Rate"
              hint="Sample rate for the demo; signed in, this is the live rate"
              value={demoMarketRate(pair)}
            />
            <Field label="Your Rate">
              {(id) => (
                <div className="flex gap-2">
                  <input
                    id={id}
                    className={FIELD_CONTROL}
                    inputMode="decimal"
                    value={fields.yourRate}
                    onChange={(e) => form.set('yourRate', e.target.value)}
                  />
                  <a
                    href="#historical-demo"
                    className="mt-1 shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    Historical Rate
                  </a>
                </div>
              )}
            </Field>
            <DemoCompetitorRate
              value={fields.competitorRate}
              onChange={(v) => form.set('competitorRate', v)}
              check={check}
              useAnyway={fields.useOffMarket}
              onUseAnyway={(v) => form.set('useOffMarket', v)}
            />
            <DemoInput
              label="Client Name"
              value={fields.clientName}
              onChange={(v) => form.set('clientName', v)}
              placeholder="e.g. Acme Imports Ltd"
            />
            <DemoInput label="Comparison Date" value={today} />
            <DemoInput
              label={amountLabel(pair)}
              inputMode="decimal"
              value={fields.amount}
              onChange={(v) => form.set('amount', v)}
            />
            <DemoInput
              label="Trades Per Year"
              inputMode="numeric"
              value={fields.tradesPerYear}
              onChange={(v) => form.set('tradesPerYear', v)}
            />
          </div>
          <DemoMarginChoice value={fields.marginPips} onChange={(m) => form.set('marginPips', m)} />
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button type="submit" className={`w-full ${buttonClass()}`}>
            Calculate Savings
          </button>
        </fieldset>
      </form>
      <DemoResults
        clientName={fields.clientName}
        result={result}
        pair={pair}
        offMarket={check?.offMarket ?? false}
        belowMid={isBelowMid({ ...fields, mid: demoMarketRate(pair) })}
      />
    </div>
  );
}
