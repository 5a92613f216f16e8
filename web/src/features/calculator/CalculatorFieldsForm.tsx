import { amountHint, amountLabel } from '@pippitch/shared/money';
import { type MarginPips, marginLabel } from '@pippitch/shared/pairs';
import { formatComparisonDate, londonClockTime } from '@pippitch/shared/time';
import { useId } from 'react';
import { StrokeIcon } from '../../components/Icon';
import { PairSelect } from '../../components/PairSelect';
import { TextField } from '../../components/ui';
import type { CalculatorFields } from '../../lib/calculator-core';
import { LiveRateField } from './LiveRateField';
import { RangeCheck } from './RangeCheck';
import type { LiveQuoteView, LiveState } from './useLiveQuotes';

const CLIENT_TIPS =
  "Search tips: use the company's registered name (e.g. 'Acme Widgets Ltd'). Case, punctuation and endings such as Ltd, PLC or Group are ignored when matching leads.";

export function CalculatorFieldsForm(props: {
  fields: CalculatorFields;
  quote: LiveQuoteView | undefined;
  liveState: LiveState;
  /** The 'Inflate Your Margin' options the desk allows (the session's), the only ones drawn. */
  marginOptions: readonly MarginPips[];
  onChange(field: keyof CalculatorFields, value: string | number | boolean): void;
  onOpenHistory(): void;
}) {
  const { fields, onChange } = props;
  const tipId = useId();
  const text = (field: keyof CalculatorFields) => ({
    value: String(fields[field]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <PairSelect value={fields.pair} onChange={(p) => onChange('pair', p)} />
        <LiveRateField pair={fields.pair} quote={props.quote} state={props.liveState} />
        <div>
          <TextField
            label="Your Rate"
            inputMode="decimal"
            placeholder="e.g. 1.2700"
            autoComplete="off"
            {...text('yourRate')}
          />
          <button
            type="button"
            onClick={props.onOpenHistory}
            className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
          >
            {/* An SVG, not the 📈 emoji: machines without an emoji font showed an empty box. */}
            <StrokeIcon viewBox="0 0 16 16" className="h-3.5 w-3.5" strokeWidth={1.6}>
              <path d="M2 2v12h12M4.5 10l3-3.5 2.5 2L13.5 4" />
            </StrokeIcon>
            Historical Rate
          </button>
        </div>
        <div>
          <TextField
            label="Competitor Rate"
            inputMode="decimal"
            placeholder="e.g. 1.2650"
            autoComplete="off"
            {...text('competitorRate')}
          />
          <RangeCheck
            pair={fields.pair}
            competitorRate={fields.competitorRate}
            comparisonAt={fields.comparisonAt || null}
            useAnyway={fields.useOffMarket}
            onUseAnyway={(v) => onChange('useOffMarket', v)}
          />
        </div>
        <div>
          <div className="mb-1 flex items-center gap-1">
            <label htmlFor={`${tipId}-input`} className="text-sm font-medium text-slate-700">
              Client Name
            </label>
            <span className="group relative">
              <button
                type="button"
                aria-describedby={tipId}
                className="h-5 w-5 rounded-full bg-slate-200 text-xs font-bold text-slate-600"
                aria-label="Name search tips"
              >
                ?
              </button>
              <span
                role="tooltip"
                id={tipId}
                className="pointer-events-none absolute left-6 top-0 z-10 hidden w-64 rounded-lg bg-slate-900 p-3 text-xs text-white shadow-lg group-focus-within:block group-hover:block"
              >
                {CLIENT_TIPS}
              </span>
            </span>
          </div>
          <input
            id={`${tipId}-input`}
            autoComplete="off"
            placeholder="e.g. Acme Widgets Ltd"
            {...text('clientName')}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <div>
          <TextField
            label="Comparison Date"
            readOnly
            value={
              fields.comparisonAt
                ? `${formatComparisonDate(new Date(fields.comparisonAt))} ${londonClockTime(new Date(fields.comparisonAt))} London`
                : formatComparisonDate(new Date())
            }
          />
          {fields.comparisonAt && (
            <button
              type="button"
              onClick={() => onChange('comparisonAt', '')}
              className="mt-1 text-xs font-semibold text-brand-700 hover:underline"
            >
              Compare at today's rates instead
            </button>
          )}
        </div>
        <TextField
          label={amountLabel(fields.pair)}
          inputMode="decimal"
          placeholder="e.g. 500,000"
          autoComplete="off"
          {...text('amount')}
          hint={amountHint(fields.pair)}
        />
        <TextField
          label="Trades Per Year"
          inputMode="numeric"
          placeholder="e.g. 52"
          autoComplete="off"
          {...text('tradesPerYear')}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Inflate Your Margin (Pips)</legend>
        {/* Six equal columns on a phone (one row, no lone '50' wrapping); natural widths from sm up. */}
        <div className="grid grid-cols-6 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
          {props.marginOptions.map((pips) => (
            <label
              key={pips}
              className={`cursor-pointer rounded-lg border px-1 py-1.5 text-center text-sm font-medium sm:px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${fields.marginPips === pips ? 'border-brand-700 bg-brand-700 text-white shadow-sm' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              <input
                type="radio"
                name="margin"
                className="sr-only"
                checked={fields.marginPips === pips}
                onChange={() => onChange('marginPips', pips)}
              />
              {marginLabel(pips)}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Each option adds that many pips to your rate for the comparison (the rate you typed stays as it is): the
          client is shown a better rate, and your margin against the mid falls by the same pips.
        </p>
      </fieldset>
    </>
  );
}
