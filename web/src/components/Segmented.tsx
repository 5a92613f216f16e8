import { useId } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/**
 * A choice of one among a few, built on real radio inputs (keyboard and screen readers work as they do
 * for any radio group) and styled as a segmented control or as cards.
 */
export function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  look = 'pill',
  className = '',
  disabled = false,
}: {
  legend: string;
  options: SegmentOption<NoInfer<T>>[];
  value: T;
  onChange(v: T): void;
  look?: 'pill' | 'card';
  className?: string;
  /** Every option, e.g. until React has adopted a prerendered page (lib/hydrated.ts). */
  disabled?: boolean;
}) {
  const name = useId();
  // Pill segments share one width (that of the longest label) and centre their text, so a label that
  // wraps on a narrow screen does not leave its neighbour sitting at the top.
  const wrap =
    look === 'pill' ? 'grid auto-cols-fr grid-flow-col rounded-full bg-slate-100 p-1' : 'grid grid-cols-2 gap-3';
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className={wrap}>
        {options.map((o) => {
          const checked = o.value === value;
          const style =
            look === 'pill'
              ? `flex flex-col justify-center rounded-full px-4 py-2 text-center text-sm font-semibold ${checked ? 'bg-white text-brand-800 shadow' : 'text-slate-600'}`
              : `rounded-xl border p-4 text-left ${checked ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-100' : 'border-slate-200 bg-white'}`;
          return (
            <label
              key={o.value}
              className={`cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${style}`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
                className="sr-only"
              />
              <span className={look === 'card' ? 'block font-semibold' : ''}>{o.label}</span>
              {o.hint && <span className="block text-xs font-normal text-slate-600">{o.hint}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
