import { USE_RATE_ANYWAY } from '@pippitch/shared/totals';
import type { ReactNode } from 'react';

/**
 * The 'Use this rate anyway' box under an off-market range check (issue 22 §2), as the calculator and the landing
 * demo both show it; `children` says what using it does there.
 */
export function UseRateAnyway({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="mt-1 flex items-start gap-2 text-xs text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-semibold">{USE_RATE_ANYWAY}</span> — {children}
      </span>
    </label>
  );
}
