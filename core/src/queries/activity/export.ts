import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { StoredCalculation } from '../../services/calculation-data';
import type { Scope } from '../scope';

// The stored calculation's fields a CSV line prints (services/calculation-data.ts), read from the JSON one by one as
// text: PostgreSQL writing out each whole document and Node parsing it back were half of the team CSV's time (bench
// activity: 41,000 rows read in ~2.2 s with the documents, ~1.0 s with these fields, a loaded machine). A number
// field reads as JSON writes it ('12', '0'), which is what its cell showed.
const CSV_FIELDS = [
  'currency_pair',
  'your_rate',
  'pips_added',
  'competitor_rate',
  'comparison_date',
  'trade_amount',
  'trades_per_year',
  'price_difference',
  'difference_in_pips',
  'cost_with_competitor',
  'cost_with_us',
  'savings_per_trade',
  'annual_savings',
  'percentage_savings',
] as const satisfies readonly (keyof StoredCalculation)[];
/** The stored document's fields, under the document's own names, as text. */
export type CsvFields = Record<(typeof CSV_FIELDS)[number], string | null>;
const csvFields = CSV_FIELDS.map((k) => sql<string | null>`calculation_data ->> ${sql.lit(k)}`.as(k));

/** One calculation as a CSV line prints it; the figures stored as numbers come as PostgreSQL's text. */
export interface CsvCalculation {
  id: string;
  createdAt: Date;
  clientName: string | null;
  liveRate: number | null;
  rateSource: string | null;
  rateAt: Date | null;
  standing: string | null;
  savingsGbp: string;
  gbpPerUnit: string;
  marginBps: string | null;
  marginPerYear: string | null;
  marginFloor: string | null;
  marginBelowFloor: boolean;
  fields: CsvFields;
  /** The keyset cursor: created_at as PostgreSQL's text (a JS Date would drop its microseconds and repeat rows). */
  cursor: { at: string; id: string };
}

/**
 * One keyset page of a member's calculations from `from` to before `to` (UTC instants), oldest first, after the
 * cursor: the index calculations_user_time, so memory holds one page whatever the span. Within the scope's company.
 */
export async function csvCalculationPage(
  db: Database,
  scope: Scope,
  userId: string,
  page: { from: Date; to: Date; after: { at: string; id: string } | null; limit: number },
): Promise<CsvCalculation[]> {
  let q = db
    .selectFrom('calculations')
    .select(['id', 'created_at', 'client_name', 'live_rate', 'rate_source', 'rate_at'])
    .select(csvFields)
    .select([
      'standing',
      sql<string>`savings_gbp::text`.as('savings_gbp'),
      sql<string>`gbp_per_unit::text`.as('gbp'),
      sql<string | null>`margin_bps::text`.as('margin_bps'),
      sql<string | null>`margin_gbp_per_year::text`.as('margin_per_year'),
      sql<string | null>`margin_floor_bps::text`.as('margin_floor'),
      'margin_below_floor',
    ])
    .select(sql<string>`created_at::text`.as('cursor_at'))
    .where('user_id', '=', userId)
    .where('company_id', '=', scope.companyId)
    .where('created_at', '>=', page.from)
    .where('created_at', '<', page.to);
  if (page.after) {
    const { at, id } = page.after;
    q = q.where(sql<boolean>`(created_at, id) > (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await q.orderBy('created_at').orderBy('id').limit(page.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    clientName: r.client_name,
    liveRate: r.live_rate,
    rateSource: r.rate_source,
    rateAt: r.rate_at,
    standing: r.standing,
    savingsGbp: r.savings_gbp,
    gbpPerUnit: r.gbp,
    marginBps: r.margin_bps,
    marginPerYear: r.margin_per_year,
    marginFloor: r.margin_floor,
    marginBelowFloor: r.margin_below_floor,
    fields: r,
    cursor: { at: r.cursor_at, id: r.id },
  }));
}
