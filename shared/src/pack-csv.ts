import { Dec } from './decimal';
import { type BadRow, PACK_CSV_HEADER, PACK_LIMITS, PACK_MESSAGES, type PackTrade } from './pack';
import { pairInfo } from './pair-catalogue';
import { type CurrencyPair, isCurrencyPair, SUPPORTED_PAIRS } from './pairs';
import { formatIsoDate, isIsoDate, londonClockTime, londonToUtc } from './time';

// Reading a pack's CSV (issue 14 §3): the upload's rules, line by line, beside pack.ts's row format and maths.

export type ParsedPack = { ok: true; trades: PackTrade[]; bad: BadRow[] } | { ok: false; message: string };

/**
 * Reads pasted or uploaded CSV: the header, then one trade per line. Every line that cannot be a trade is listed
 * with its reason (nothing is dropped silently); the limits are checked before anything else.
 */
/** `pairs`: the desk's pairs (issue 34 §3); a trade in another pair is a bad row naming them. */
export function parsePackCsv(text: string, pairs: readonly CurrencyPair[] = SUPPORTED_PAIRS): ParsedPack {
  if (new TextEncoder().encode(text).length > PACK_LIMITS.maxBytes)
    return { ok: false, message: PACK_MESSAGES.tooLarge };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').toLowerCase().replace(/\s+/g, '');
  if (header !== PACK_CSV_HEADER) return { ok: false, message: PACK_MESSAGES.noHeader };
  const rows = lines
    .slice(1)
    .map((t, i) => ({ line: i + 2, text: t.trim() }))
    .filter((r) => r.text !== '');
  if (rows.length > PACK_LIMITS.maxRows) return { ok: false, message: PACK_MESSAGES.tooManyRows };
  const trades: PackTrade[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    const parsed = parseRow(row.text, pairs);
    if (typeof parsed === 'string') bad.push({ line: row.line, text: row.text.slice(0, 200), reason: parsed });
    else trades.push({ line: row.line, ...parsed });
  }
  if (trades.length < PACK_LIMITS.minTrades) {
    const why = bad.length ? ` ${bad.length} row${bad.length === 1 ? ' has' : 's have'} problems, listed below.` : '';
    return { ok: false, message: `${PACK_MESSAGES.tooFew}${why}` };
  }
  return { ok: true, trades, bad };
}

const DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;

/** One line → a trade, or the reason it is not one. */
function parseRow(text: string, pairs: readonly CurrencyPair[]): Omit<PackTrade, 'line'> | string {
  const cells = splitCsvLine(text);
  if (cells.length !== 6) return `Expected 6 values (${PACK_CSV_HEADER}), found ${cells.length}`;
  const [rawDate = '', rawTime = '', rawPair = '', rawDirection = '', rawAmount = '', rawRate = ''] = cells;
  const date = normaliseDate(rawDate);
  if (!date) return `Date '${rawDate}' is not a date (use 2025-10-29 or 29/10/2025)`;
  const time = /^(\d{1,2}):(\d{2})$/.exec(rawTime);
  const hours = Number(time?.[1]);
  const minutes = Number(time?.[2]);
  if (!time || hours > 23 || minutes > 59) return `Time '${rawTime}' is not a London time (use 14:05)`;
  const hhmm = `${String(hours).padStart(2, '0')}:${time[2]}`;
  if (londonClockTime(londonToUtc(date, hours, minutes)) !== hhmm)
    return `${hhmm} did not exist in London on ${formatIsoDate(date)} (the clocks went forward)`;
  const pair = rawPair.toUpperCase().replace(/[/\s-]/g, '');
  if (!isCurrencyPair(pair) || !pairs.includes(pair))
    return `Pair '${rawPair}' is not one we price (${pairs.join(', ')})`;
  const direction = rawDirection.toLowerCase();
  if (direction !== 'buy' && direction !== 'sell') return `Direction '${rawDirection}' must be buy or sell`;
  const amount = rawAmount.replace(/[,£€$\s]/g, '');
  if (!DECIMAL.test(amount) || new Dec(amount).isZero()) return `Amount '${rawAmount}' must be a number above zero`;
  const rate = rawRate.trim();
  if (!DECIMAL.test(rate) || new Dec(rate).isZero()) return `Rate '${rawRate}' must be a number above zero`;
  return { date, time: hhmm, pair, direction, amount, rate };
}

/** Comma-separated cells; a cell in double quotes may hold commas ("250,000"). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

function normaliseDate(text: string): string | null {
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = uk ? `${uk[3]}-${uk[2]?.padStart(2, '0')}-${uk[1]?.padStart(2, '0')}` : text;
  return isIsoDate(iso) ? iso : null;
}

/** The template's two rows in the spec's pairs (PACK_CSV_TEMPLATE's), kept when the desk quotes their pair. */
const TEMPLATE_ROWS: readonly (readonly [CurrencyPair, string])[] = [
  ['GBPUSD', '2025-10-29,14:05,GBPUSD,sell,250000,1.3120'],
  ['GBPEUR', '2025-11-04,09:30,GBPEUR,buy,80000,1.1250'],
];

/**
 * The upload's template for a desk (issue 34): the spec's example rows in the pairs it quotes, then one row per other
 * pair it quotes, at that pair's latest ECB reference rate (`reference`: its fix date and rate, null when none is on
 * file: the pair gets no row) written with the pair's decimals, so every row of the file is one the desk can price.
 * A desk quoting the spec's six gets PACK_CSV_TEMPLATE as it always was.
 */
export function packCsvTemplate(
  pairs: readonly CurrencyPair[],
  reference: (pair: CurrencyPair) => { date: string; rate: string } | null,
): string {
  const rows = TEMPLATE_ROWS.filter(([pair]) => pairs.includes(pair)).map(([, row]) => row);
  for (const pair of pairs) {
    if ((SUPPORTED_PAIRS as readonly string[]).includes(pair)) continue;
    const fix = reference(pair);
    if (!fix) continue;
    const rate = new Dec(fix.rate).toDecimalPlaces(pairInfo(pair).decimals).toFixed(pairInfo(pair).decimals);
    rows.push(`${fix.date},14:00,${pair},sell,100000,${rate}`);
  }
  return `${[PACK_CSV_HEADER, ...rows].join('\n')}\n`;
}
