import { Dec } from '@pippitch/shared/decimal';
import { checkAgainstRange, isOffMarket, type RangeCheck } from '@pippitch/shared/evidence';
import { formatRate } from '@pippitch/shared/format';

// The landing demo's off-market check (issue 31 §1): the same shared check as the calculator, the server's save,
// evidence packs and the re-pricing job. The demo fetches no market data (it works signed out and offline), so its
// range is a sample one around its sample market rate, and it says so.

/** Half the width of the demo's sample range, in percent of the sample rate: about a busy day's GBP/USD range. */
export const DEMO_RANGE_PCT = 1.5;

export interface DemoCheck {
  check: RangeCheck;
  offMarket: boolean;
  message: string;
}

/** The competitor rate against the sample range, or null while it is not a rate. */
export function demoRangeCheck(marketRate: string, competitorRate: string): DemoCheck | null {
  const rate = competitorRate.trim();
  if (!/^\d{1,6}(\.\d{1,10})?$/.test(rate) || Number(rate) <= 0) return null;
  const mid = new Dec(marketRate);
  const k = new Dec(DEMO_RANGE_PCT).dividedBy(100);
  const range = {
    date: '',
    low: mid.times(new Dec(1).minus(k)).toDecimalPlaces(6).toFixed(6),
    high: mid.times(new Dec(1).plus(k)).toDecimalPlaces(6).toFixed(6),
  };
  const check = checkAgainstRange(rate, range, null);
  const offMarket = isOffMarket(check);
  const span = `${formatRate(range.low)}–${formatRate(range.high)}`;
  return {
    check,
    offMarket,
    message: offMarket
      ? `Outside the demo's sample range ${span} (the sample rate ±${DEMO_RANGE_PCT} %): check the rate. Signed in, the check uses the day's real range, or the last trading session's when the market is closed.`
      : `Within the demo's sample range ${span}.`,
  };
}
