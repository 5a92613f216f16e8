import { checkAgainstRange, isOffMarket, rangeCheckMessage } from '@pippitch/shared/evidence';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { londonClockTime, londonDateOf } from '@pippitch/shared/time';
import { UseRateAnyway } from '../../components/UseRateAnyway';
import { trpc } from '../../lib/trpc';

const RATE = /^\d{1,6}(\.\d{1,10})?$/;

/**
 * The range-of-day check under the competitor rate (issue 14 §2): where the rate sits in the comparison day's
 * low–high and how far it is from the mid at that minute, so a typo or an off-market quote shows at once. The
 * day's facts come from the server (one query per pair and moment); the rate is placed here as the broker types.
 */
/**
 * The day's facts and where the competitor rate sits in them; the calculator page and the check under the field
 * read the same query (one request). `outside` is true only when the rate is known to be off the day's range.
 */
export function useRangeCheck(pair: CurrencyPair, competitorRate: string, comparisonAt: string | null) {
  const at = comparisonAt ? new Date(comparisonAt) : null;
  const input = at
    ? { pair, date: londonDateOf(at), time: londonClockTime(at) }
    : { pair, date: londonDateOf(new Date()) };
  const day = trpc.market.dayRange.useQuery(input, { staleTime: at ? Number.POSITIVE_INFINITY : 30_000 });
  const rate = competitorRate.trim();
  if (!RATE.test(rate) || Number(rate) <= 0 || !day.data) return { day: null, check: null, outside: false };
  if (!day.data.found) return { day: day.data, check: null, outside: false };
  const check = checkAgainstRange(rate, day.data.range, day.data.mid);
  return { day: day.data, check, outside: isOffMarket(check) };
}

export function RangeCheck({
  pair,
  competitorRate,
  comparisonAt,
  useAnyway,
  onUseAnyway,
}: {
  pair: CurrencyPair;
  competitorRate: string;
  /** ISO instant of the comparison, or null for now. */
  comparisonAt: string | null;
  /** The broker's 'Use this rate anyway' for a rate outside the day's range (issue 22 §2). */
  useAnyway: boolean;
  onUseAnyway(value: boolean): void;
}) {
  const { day, check, outside } = useRangeCheck(pair, competitorRate, comparisonAt);
  if (!day) return null;
  if (!day.found) {
    return (
      <p role="status" className="mt-1 text-xs text-slate-500" data-testid="range-check">
        {day.message}
      </p>
    );
  }
  if (!check) return null;
  return (
    <>
      <p
        role="status"
        data-testid="range-check"
        className={`mt-1 text-xs ${outside ? 'rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-800' : 'text-slate-500'}`}
      >
        {rangeCheckMessage(check, pairInfo(pair).decimals)}
      </p>
      {outside && (
        <UseRateAnyway checked={useAnyway} onChange={onUseAnyway}>
          the pitch is saved but kept out of totals and averages, and flagged in reports.
        </UseRateAnyway>
      )}
    </>
  );
}
