import Decimal from 'decimal.js';

// Our own Decimal constructor, so money maths never depends on (or changes) the global decimal.js settings another
// module might set. 40 significant digits keeps divisions like 500000 / 1.265 exact far beyond the pennies we show;
// half-up is how people round money by hand (and how the spec's worked numbers come out).
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** toFixed without the '-0.00' decimal.js gives for a tiny negative: a figure that rounds to zero is zero. */
export function fixed(value: Dec, decimals: number): string {
  const rounded = value.toDecimalPlaces(decimals);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(decimals);
}

/** A rate or amount the maths divides by: greater than zero, or a RangeError naming it. */
export function positive(name: string, value: string): Dec {
  const parsed = new Dec(value);
  if (!parsed.isFinite() || !parsed.isPositive() || parsed.isZero()) {
    throw new RangeError(`${name} must be greater than zero, got '${value}'`);
  }
  return parsed;
}
