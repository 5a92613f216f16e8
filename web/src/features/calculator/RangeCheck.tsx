import { checkAgainstRange, rangeCheckMessage } from '@pippitch/shared/evidence';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { londonClockTime, londonDateOf } from '@pippitch/shared/time';
import { trpc } from '../../lib/trpc';

const RATE = /^\d{1,6}(\.\d{1,10})?$/;

/**
 * The range-of-day check under the competitor rate (issue 14 §2): where the rate sits in the comparison day's
 * low–high and how far it is from the mid at that minute, so a typo or an off-market quote shows at once. The
 * day's facts come from the server (one query per pair and moment); the rate is placed here as the broker types.
 */
export function RangeCheck({
  pair,
  competitorRate,
  comparisonAt,
}: {
  pair: CurrencyPair;
  competitorRate: string;
  /** ISO instant of the comparison, or null for now. */
  comparisonAt: string | null;
}) {
  const at = comparisonAt ? new Date(comparisonAt) : null;
  const input = at
    ? { pair, date: londonDateOf(at), time: londonClockTime(at) }
    : { pair, date: londonDateOf(new Date()) };
  const day = trpc.rates.dayRange.useQuery(input, { staleTime: at ? Number.POSITIVE_INFINITY : 30_000 });
  const rate = competitorRate.trim();
  if (!RATE.test(rate) || Number(rate) <= 0 || !day.data) return null;
  if (!day.data.found) {
    return (
      <p role="status" className="mt-1 text-xs text-slate-500" data-testid="range-check">
        {day.data.message}
      </p>
    );
  }
  const check = checkAgainstRange(rate, day.data.range, day.data.mid);
  const outside = check.position !== 'inside';
  return (
    <p
      role="status"
      data-testid="range-check"
      className={`mt-1 text-xs ${outside ? 'rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-800' : 'text-slate-500'}`}
    >
      {rangeCheckMessage(check)}
    </p>
  );
}
