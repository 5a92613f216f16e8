import {
  type CalculationResult,
  calculateSavings,
  formatSignedRate,
  parseCalculatorForm,
} from '@pippitch/shared/calculator';
import { isBelowMid } from '@pippitch/shared/margin';
import { amountLabel, formatSold } from '@pippitch/shared/money';
import {
  FALLBACK_RATES,
  MARGIN_OPTIONS,
  type MarginPips,
  marginLabel,
  pairLabel,
  pipSize,
  type SpecPair,
  SUPPORTED_PAIRS,
} from '@pippitch/shared/pairs';
import { formatComparisonDate } from '@pippitch/shared/time';
import { annualHeading, BELOW_MID_WORDS, OFF_MARKET_CONFIRM_NEEDED, USE_RATE_ANYWAY } from '@pippitch/shared/totals';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FIELD_CONTROL, Field, Options } from '../../components/Field';
import { useHydrated } from '../../lib/hydrated';
import { DEMO } from './DemoCalculator';
import { demoRangeCheck } from './demo-range';

// The landing page's calculator demo (spec §2): every field of the real calculator, computing with the same shared
// maths, in the browser only (nothing is saved, nothing is fetched). The market rate is the product's sample rate
// for the pair, and says so: the live one needs a sign-in.

/** One of the demo's text fields; without `onChange`, read-only (the market rate, today's date). */
function DemoInput({
  label,
  value,
  onChange,
  hint,
  inputMode,
  placeholder,
}: {
  label: string;
  value: string;
  onChange?(value: string): void;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) =>
        onChange ? (
          <input
            id={id}
            className={FIELD_CONTROL}
            inputMode={inputMode}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
          />
        ) : (
          <input id={id} className={`${FIELD_CONTROL} bg-slate-50`} value={value} readOnly />
        )
      }
    </Field>
  );
}

/** The demo's market rate: the spec's demo GBP/USD (1.3556, as the hero shows), the sample rate for other pairs. */
export function demoMarketRate(pair: SpecPair): string {
  return pair === 'GBPUSD' ? DEMO.yourRate : FALLBACK_RATES[pair];
}

export function CalculatorDemo() {
  const [pair, setPairValue] = useState<SpecPair>('GBPUSD');
  const hydrated = useHydrated();
  const [yourRate, setYourRateValue] = useState(DEMO.yourRate);
  const [competitorRate, setCompetitorRateValue] = useState(DEMO.competitorRate);
  const [client, setClient] = useState('');
  const [amount, setAmountValue] = useState(DEMO.amount);
  const [trades, setTradesValue] = useState(String(DEMO.tradesPerYear));
  const [margin, setMarginValue] = useState<MarginPips>(0);
  const [result, setResult] = useState<CalculationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [useAnyway, setUseAnyway] = useState(false);
  // As in the calculator, any change to an input clears the results (spec §4): a result always matches the form.
  const changing =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setResult(null);
      setError(null);
      setUseAnyway(false);
    };
  const setYourRate = changing(setYourRateValue);
  const setCompetitorRate = changing(setCompetitorRateValue);
  const setAmount = changing(setAmountValue);
  const setTrades = changing(setTradesValue);
  const setMargin = changing(setMarginValue);
  // A new pair starts from its own market rate, without the old pair's competitor rate.
  const setPair = changing((p: SpecPair) => {
    setPairValue(p);
    setYourRateValue(demoMarketRate(p));
    setCompetitorRateValue('');
  });
  const marginName = useId();
  // Today's date is the visitor's, not the build's: set after the prerendered page is taken over.
  const [today, setToday] = useState('');
  useEffect(() => setToday(formatComparisonDate(new Date())), []);

  function calculate(e: FormEvent) {
    e.preventDefault();
    const parsed = parseCalculatorForm({ yourRate, competitorRate, amount, tradesPerYear: trades });
    if (!parsed.ok) {
      setError(parsed.message);
      setResult(null);
      return;
    }
    // As signed in: an off-market rate needs the broker's say-so before it gives a figure.
    if (check?.offMarket && !useAnyway) {
      setError(OFF_MARKET_CONFIRM_NEEDED);
      setResult(null);
      return;
    }
    setError(null);
    setResult(calculateSavings({ ...parsed.value, marginPips: margin, pipSize: pipSize(pair) }));
  }
  const check = demoRangeCheck(demoMarketRate(pair), competitorRate);
  const belowMid = isBelowMid({ pair, yourRate, marginPips: margin, mid: demoMarketRate(pair) });
  const flagged =
    result && check?.offMarket
      ? 'Off-market rate: not counted'
      : result && belowMid
        ? `Our rate is ${BELOW_MID_WORDS}`
        : null;

  const rows: [string, string][] = result
    ? [
        ['Price Difference', formatSignedRate(result.priceDifference)],
        ['Pips', result.differenceInPips],
        ['Cost With Competitor', formatSold(result.costWithCompetitor, pair)],
        ['Cost With Us', formatSold(result.costWithUs, pair)],
        ['Savings Per Trade', formatSold(result.savingsPerTrade, pair)],
        [annualHeading(result.outcome), formatSold(result.annualSavings, pair)],
        ['Percentage Savings', `${result.percentageSavings}%`],
      ]
    : [];
  const good = (result?.isAdvantage ?? true) && !flagged;

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
                  onChange={(e) => setPair(e.target.value as SpecPair)}
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
                    value={yourRate}
                    onChange={(e) => setYourRate(e.target.value)}
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
            <div>
              <DemoInput
                label="Competitor Rate"
                inputMode="decimal"
                value={competitorRate}
                onChange={setCompetitorRate}
              />
              {check && (
                <p
                  role="status"
                  data-testid="demo-range-check"
                  className={`mt-1 text-xs ${check.offMarket ? 'rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-800' : 'text-slate-500'}`}
                >
                  {check.message}
                </p>
              )}
              {check?.offMarket && (
                <label className="mt-1 flex items-start gap-2 text-xs text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                    checked={useAnyway}
                    onChange={(e) => {
                      setUseAnyway(e.target.checked);
                      setError(null);
                    }}
                  />
                  <span>
                    <span className="font-semibold">{USE_RATE_ANYWAY}</span> — signed in, the pitch is saved but kept
                    out of totals and averages.
                  </span>
                </label>
              )}
            </div>
            <DemoInput label="Client Name" value={client} onChange={setClient} placeholder="e.g. Acme Imports Ltd" />
            <DemoInput label="Comparison Date" value={today} />
            <DemoInput label={amountLabel(pair)} inputMode="decimal" value={amount} onChange={setAmount} />
            <DemoInput label="Trades Per Year" inputMode="numeric" value={trades} onChange={setTrades} />
          </div>
          <fieldset>
            <legend id={marginName} className="text-sm font-medium text-slate-700">
              Inflate Your Margin (Pips)
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {MARGIN_OPTIONS.map((m) => (
                <label
                  key={m}
                  className={`cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ${margin === m ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300'}`}
                >
                  <input
                    type="radio"
                    name={marginName}
                    className="sr-only"
                    checked={margin === m}
                    onChange={() => setMargin(m)}
                  />
                  {marginLabel(m)}
                </label>
              ))}
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="w-full rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Calculate Savings
          </button>
        </fieldset>
      </form>
      <section
        aria-label="Demo results"
        className={`rounded-2xl p-5 lg:col-span-2 ${result ? (flagged ? 'bg-amber-50' : good ? 'bg-green-50' : 'bg-red-50') : 'bg-slate-50'}`}
      >
        <h3 className="font-semibold">{client.trim() ? `Savings for ${client.trim()}` : 'Results'}</h3>
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
    </div>
  );
}
