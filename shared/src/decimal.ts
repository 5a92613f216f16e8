import Decimal from 'decimal.js';

// Our own Decimal constructor, so money maths never depends on (or changes) the global decimal.js settings another
// module might set. 40 significant digits keeps divisions like 500000 / 1.265 exact far beyond the pennies we show;
// half-up is how people round money by hand (and how the spec's worked numbers come out).
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;
