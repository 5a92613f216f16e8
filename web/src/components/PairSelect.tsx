import { type CurrencyPair, pairLabel, SUPPORTED_PAIRS } from '@pippitch/shared/pairs';
import { useId } from 'react';
import { Options } from './Field';

/** The 'Currency Pair' select used by the calculator and the history modal (labels like GBP/USD). */
export function PairSelect({
  value,
  onChange,
  className = '',
}: {
  value: CurrencyPair;
  onChange(p: CurrencyPair): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Currency Pair
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as CurrencyPair)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        <Options values={SUPPORTED_PAIRS} text={pairLabel} />
      </select>
    </div>
  );
}
