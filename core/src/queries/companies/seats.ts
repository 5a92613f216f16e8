import type { Database, Row } from '@pippitch/sql';
import type { Scope } from '../scope';

/** The company row's seat and price columns, as company/seat-prices.ts computes them for a seat count. */
export type SeatPriceColumns = Pick<
  Row<'companies'>,
  'admin_seats' | 'junior_seats' | 'price_per_month' | 'subscription_price' | 'discount_percentage'
>;

/** Saves the scope's company's seats and the prices they come to (a trial's seat change: spec §4 Seat save routing). */
export async function saveSeatPrices(trx: Database, scope: Scope, columns: SeatPriceColumns, now: Date): Promise<void> {
  await trx
    .updateTable('companies')
    .set({ ...columns, updated_at: now })
    .where('id', '=', scope.companyId)
    .execute();
}
