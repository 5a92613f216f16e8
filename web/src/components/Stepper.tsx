import { useId } from 'react';

export function Stepper({
  label,
  value,
  min = 0,
  max = 500,
  onChange,
}: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onChange(n: number): void;
}) {
  const id = useId();
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={`Fewer ${label.toLowerCase()}`}
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= min}
          className="h-10 w-10 rounded-lg border border-slate-300 bg-white text-lg disabled:text-slate-300"
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
          className="h-10 w-20 rounded-lg border border-slate-300 text-center"
        />
        <button
          type="button"
          aria-label={`More ${label.toLowerCase()}`}
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          className="h-10 w-10 rounded-lg border border-slate-300 bg-white text-lg disabled:text-slate-300"
        >
          +
        </button>
      </div>
    </div>
  );
}
