import type { DateSpan } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import { pairCurrencies } from '@pippitch/shared/money';
import { isCurrencyPair } from '@pippitch/shared/pairs';
import { formatLondonDateTime } from '@pippitch/shared/time';
import { STANDING_WORDS, type Standing } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { type CsvCalculation, csvCalculationPage } from '../../queries/activity/export';
import { activityMembers } from '../../queries/activity/member';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
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
function marginCells(
  r: Pick<CsvCalculation, 'marginBps' | 'marginPerYear' | 'marginFloor' | 'marginBelowFloor'>,
  approval: ApprovalState | null,
): string[] {
  if (r.marginBps === null) return ['', '', '', '', ''];
  return [
    csvCell(r.marginBps, 'number'),
    csvCell(r.marginPerYear, 'number'),
    csvCell(r.marginFloor, 'number'),
    r.marginFloor === null ? '' : r.marginBelowFloor ? 'Yes' : 'No',
    r.marginBelowFloor ? (approval ? APPROVAL_WORDS[approval] : 'Not asked') : '',
  ];
}

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
export async function exportMembers(
  db: Database,
  actor: Actor,
  userIds: string[],
): Promise<{ id: string; fullName: string; email: string }[]> {
  const unique = [...new Set(userIds)];
  const members = await activityMembers(db, scopeOf(actor), unique);
  if (members.length !== unique.length) throw notFound(MEMBER_NOT_FOUND);
  return members;
}

/**
 * The CSV of the members' calculations in a span of London days, one line at a time: member by member (by name),
 * each oldest first, read in keyset pages of EXPORT_PAGE (queries/activity/export.ts), so memory holds one page
 * whatever the period and no connection is held between pages.
 */
export async function* activityCsv(
  db: Database,
  actor: Actor,
  members: { id: string; fullName: string; email: string }[],
  span: DateSpan,
): AsyncGenerator<string> {
  const { from, to } = spanBoundsUtc(span);
  const scope = scopeOf(actor);
  yield `\uFEFF${csvLine(CSV_HEADER.map((h) => csvCell(h)))}`; // BOM: Excel then reads the file as UTF-8 (£, é)
  // Each below-floor pitch's approval by the shared rule (issue 32), from its lead's requests: one story per client.
  const states = new Map((await pitchStates(db, scopeOf(actor), { from, to })).map((p) => [p.id, p.state]));
  for (const m of members) {
    let after: CsvCalculation['cursor'] | null = null;
    for (;;) {
      const rows = await csvCalculationPage(db, scope, m.id, { from, to, after, limit: EXPORT_PAGE });
      let chunk = '';
      for (const r of rows) chunk += csvLine(lineOf(m, r, states.get(r.id) ?? null));
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE) break;
      after = last.cursor;
    }
  }
}

/** One calculation's cells, in CSV_HEADER's order. */
function lineOf(m: { fullName: string; email: string }, r: CsvCalculation, approval: ApprovalState | null): string[] {
  const d = r.fields;
  const currencies = d.currency_pair && isCurrencyPair(d.currency_pair) ? pairCurrencies(d.currency_pair) : null;
  return [
    csvCell(formatLondonDateTime(r.createdAt)),
    csvCell(m.fullName),
    csvCell(m.email),
    csvCell(r.clientName),
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
    csvCell(r.savingsGbp, 'number'),
    csvCell(new Dec(r.gbpPerUnit).toString(), 'number'),
    csvCell(STANDING_WORDS[(r.standing ?? 'saving') as Standing]),
    csvCell(r.liveRate, 'number'),
    csvCell(r.rateSource),
    csvCell(r.rateAt ? formatLondonDateTime(r.rateAt) : null),
    ...marginCells(r, approval),
  ];
}
