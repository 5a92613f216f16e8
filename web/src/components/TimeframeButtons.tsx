import { TIMEFRAME_KEYS, type Timeframe } from '@pippitch/shared/pairs';

/**
 * A rate chart's timeframes (1D, 5D, 1M, 3M) as buttons, the chosen one pressed: the history modal's, and the
 * landing page's demo's, shown but disabled (no `onChange`). Each look styles its buttons (`buttonClass`).
 */
export function TimeframeButtons({
  value,
  onChange,
  className,
  buttonClass,
}: {
  value: Timeframe;
  onChange?(timeframe: Timeframe): void;
  className: string;
  buttonClass(pressed: boolean): string;
}) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">Timeframe</legend>
      {TIMEFRAME_KEYS.map((key) => (
        <button
          key={key}
          type="button"
          disabled={!onChange}
          aria-pressed={key === value}
          onClick={() => onChange?.(key)}
          className={buttonClass(key === value)}
        >
          {key}
        </button>
      ))}
    </fieldset>
  );
}
