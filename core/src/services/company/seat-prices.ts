import { type AddonKey, discountPercentage, quote } from '@pippitch/shared/pricing';

/**
 * The company row's seat and price columns for a seat count, from shared/src/pricing.ts: one rule for signup,
 * a trial's seat change and a paid subscription's state. The per-seat price and the monthly figure are the
 * monthly scheme's whatever the billing period: that is what the dashboard shows against the seats.
 */
export function seatPriceColumns(adminSeats: number, brokerSeats: number, addons: Record<AddonKey, boolean>) {
  const price = quote({ adminSeats, brokerSeats, billing: 'monthly', addons });
  return {
    admin_seats: adminSeats,
    junior_seats: brokerSeats,
    price_per_month: price.pricePerSeat,
    subscription_price: price.seatsMonthly,
    discount_percentage: discountPercentage(price.totalSeats),
  };
}
