import { MARGIN_OPTIONS, type MarginPips, marginLabel } from '@pippitch/shared/pairs';
import { useId } from 'react';
import { FIELD_CONTROL, Field } from '../../components/Field';
import { UseRateAnyway } from '../../components/UseRateAnyway';
import type { DemoCheck } from './demo-range';

// The landing calculator's own fields (LandingCalculator.tsx): plain inputs, the competitor rate with the demo's
// sample-range check, and the margin choice. The signed-in calculator's fields are CalculatorFieldsForm's.

/** One of the demo's text fields; without `onChange`, read-only (the market rate, today's date). */
export function DemoInput({
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

/** The competitor rate, its check against the demo's sample range, and 'Use this rate anyway' when it is off it. */
export function DemoCompetitorRate({
  value,
  onChange,
  check,
  useAnyway,
  onUseAnyway,
}: {
  value: string;
  onChange(value: string): void;
  check: DemoCheck | null;
  useAnyway: boolean;
  onUseAnyway(value: boolean): void;
}) {
  return (
    <div>
      <DemoInput label="Competitor Rate" inputMode="decimal" value={value} onChange={onChange} />
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
        <UseRateAnyway checked={useAnyway} onChange={onUseAnyway}>
          signed in, the pitch is saved but kept out of totals and averages.
        </UseRateAnyway>
      )}
    </div>
  );
}

/** 'Inflate Your Margin (Pips)': every option the product offers (a desk's own choice of them needs a sign-in). */
export function DemoMarginChoice({ value, onChange }: { value: MarginPips; onChange(value: MarginPips): void }) {
  const marginName = useId();
  return (
    <fieldset>
      <legend id={marginName} className="text-sm font-medium text-slate-700">
        Inflate Your Margin (Pips)
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {MARGIN_OPTIONS.map((m) => (
          <label
            key={m}
            className={`cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ${value === m ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300'}`}
          >
            <input
              type="radio"
              name={marginName}
              className="sr-only"
              checked={value === m}
              onChange={() => onChange(m)}
            />
            {marginLabel(m)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
