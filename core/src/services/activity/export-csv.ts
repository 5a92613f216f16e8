import type { DateSpan } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import { pairCurrencies } from '@pippitch/shared/money';
import { isCurrencyPair } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { STANDING_WORDS, type Standing } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { notFound } from '../../errors';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import type { StoredCalculation } from '../calculation-data';
import { pitchStates } from '../margin/pitch-states';
import { MEMBER_NOT_FOUND, spanBoundsUtc } from './user-activity';

/** Rows read per query: memory stays at one page whatever the period (keyset pages, no OFFSET). */
export const EXPORT_PAGE = 1000;

export const CSV_HEADER = [
  'Date & Time (London)',
  'Broker',
  'Broker Email',
  'Client Name',
  'Currency Pair',
  'Your Rate',
  'Margin Pips',
  'Competitor Rate',
  'Comparison Date',
  'Amount to Buy',
  'Amount Currency',
  'Trades/Year',
  'Price Difference',
  'PIPs',
  'Costs Currency',
  'Cost with Competitor',
  'Cost with Us',
  'Savings per Trade',
  'Annual Savings',
  'Savings %',
  'Annual Savings (GBP)',
  'GBP per Unit',
  'Standing',
  'Live Rate',
  'Rate Source',
  'Rate Time (London)',
  // Issue 25 §3: the pitch's margin against the mid, the desk's floor of its time, and its approval when below it,
  // as stored on the calculation at its save (migration 0046).
  'Margin (bps)',
  'Margin per Year (GBP)',
  'Floor (bps)',
  'Below Floor',
  'Approval',
] as const;

type ApprovalState = 'approved' | 'declined' | 'pending';
const APPROVAL_WORDS: Record<ApprovalState, string> = {
  approved: 'Approved',
  declined: 'Declined',
  pending: 'Pending',
};

/** The margin cells of a line: blank for a pitch saved without a mid (nothing to measure). */
function marginCells(r: {
  margin_bps: string | null;
  margin_per_year: string | null;
  margin_floor: string | null;
  margin_below_floor: boolean;
  approval: ApprovalState | null;
}): string[] {
  if (r.margin_bps === null) return ['', '', '', '', ''];
  return [
    csvCell(r.margin_bps, 'number'),
    csvCell(r.margin_per_year, 'number'),
    csvCell(r.margin_floor, 'number'),
    r.margin_floor === null ? '' : r.margin_below_floor ? 'Yes' : 'No',
    r.margin_below_floor ? (r.approval ? APPROVAL_WORDS[r.approval] : 'Not asked') : '',
  ];
}

// The stored calculation's fields a line prints (services/calculation-data.ts), read from the JSON one by one as
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
type CsvFields = Record<(typeof CSV_FIELDS)[number], string | null>;
const csvFields = CSV_FIELDS.map((k) => sql<string | null>`calculation_data ->> ${sql.lit(k)}`.as(k));

const NUMBER = /^-?\d+(\.\d+)?$/;
// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"); tab and carriage
// return are on the list too because some programs strip them first.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Free text (names,
 * e-mails, sources) that a spreadsheet would run as a formula gets a leading apostrophe; numbers we computed
 * ourselves ('-0.0050') go out as they are, so a spreadsheet reads them as numbers.
 */
export function csvCell(value: string | number | null | undefined, kind: 'text' | 'number' = 'text'): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (!(kind === 'number' && NUMBER.test(text)) && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

/** The members to export, all of the caller's company; any other id answers 404 as if it did not exist. */
export async function exportMembers(db: Database, actor: Pick<Actor, 'companyId'>, userIds: string[]) {
  const unique = [...new Set(userIds)];
  const members = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email'])
    .where('company_id', '=', actor.companyId)
    .where('id', 'in', unique)
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  if (members.length !== unique.length) throw notFound(MEMBER_NOT_FOUND);
  return members;
}

/**
 * The CSV of the members' calculations in a span of London days, one line at a time: member by member (by name),
 * each oldest first, read in keyset pages of EXPORT_PAGE on (created_at, id) with the index calculations_user_time,
 * so memory holds one page whatever the period and no connection is held between pages.
 */
export async function* activityCsv(
  db: Database,
  actor: Actor,
  members: { id: string; full_name: string; email: string }[],
  span: DateSpan,
): AsyncGenerator<string> {
  const { from, to } = spanBoundsUtc(span);
  yield `\uFEFF${csvLine(CSV_HEADER.map((h) => csvCell(h)))}`; // BOM: Excel then reads the file as UTF-8 (£, é)
  // Each below-floor pitch's approval by the shared rule (issue 32), from its lead's requests: one story per client.
  const states = new Map((await pitchStates(db, scopeOf(actor), { from, to })).map((p) => [p.id, p.state]));
  for (const m of members) {
    // The cursor keeps created_at as PostgreSQL's text: a JS Date would drop its microseconds and repeat rows.
    let after: { at: string; id: string } | null = null;
    for (;;) {
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
        .where('user_id', '=', m.id)
        .where('company_id', '=', actor.companyId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to);
      if (after) {
        const { at, id } = after;
        q = q.where(sql<boolean>`(created_at, id) > (${at}::timestamptz, ${id}::uuid)`);
      }
      const rows = await q.orderBy('created_at').orderBy('id').limit(EXPORT_PAGE).execute();
      let chunk = '';
      for (const r of rows) {
        const d: CsvFields = r;
        const currencies = d.currency_pair && isCurrencyPair(d.currency_pair) ? pairCurrencies(d.currency_pair) : null;
        chunk += csvLine([
          csvCell(formatLondonDateTime(r.created_at)),
          csvCell(m.full_name),
          csvCell(m.email),
          csvCell(r.client_name),
          csvCell(d.currency_pair),
          csvCell(d.your_rate, 'number'),
          csvCell(d.pips_added, 'number'),
          csvCell(d.competitor_rate, 'number'),
          csvCell(d.comparison_date),
          csvCell(d.trade_amount, 'number'),
          csvCell(currencies?.bought),
          csvCell(d.trades_per_year, 'number'),
          csvCell(d.price_difference, 'number'),
          csvCell(d.difference_in_pips, 'number'),
          csvCell(currencies?.sold),
          csvCell(d.cost_with_competitor, 'number'),
          csvCell(d.cost_with_us, 'number'),
          csvCell(d.savings_per_trade, 'number'),
          csvCell(d.annual_savings, 'number'),
          csvCell(d.percentage_savings, 'number'),
          csvCell(r.savings_gbp, 'number'),
          csvCell(new Dec(r.gbp).toString(), 'number'),
          csvCell(STANDING_WORDS[(r.standing ?? 'saving') as Standing]),
          csvCell(r.live_rate, 'number'),
          csvCell(r.rate_source),
          csvCell(r.rate_at ? formatLondonDateTime(r.rate_at) : null),
          ...marginCells({ ...r, approval: states.get(r.id) ?? null }),
        ]);
      }
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE) break;
      after = { at: last.cursor_at, id: last.id };
    }
  }
}
