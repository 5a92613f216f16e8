import { readFileSync } from 'node:fs';
import { ECB_CURRENCIES, type EcbCurrency } from '@pippitch/shared/evidence';
import { ecbFixTime } from './calendar';

// The ECB reference-rate history (core/data/fx, see SOURCE.md there): one row per TARGET business day, newest
// first, units of each currency per 1 EUR, 'N/A' where a currency was not quoted.

/** Currencies the stored pairs are built from, each quoted as units per 1 EUR (the ECB's convention). */
export const CURRENCIES = ECB_CURRENCIES;
export type Currency = EcbCurrency;

export interface EcbFix {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** UTC epoch ms of the fix minute (14:10 CET/CEST). */
  at: number;
  /** Units per 1 EUR, in CURRENCIES order, exactly as published (parsed as numbers). */
  rates: readonly number[];
}

export const ECB_CSV_URL = new URL('../../../data/fx/ecb-eurofxref-hist.csv', import.meta.url);

/** Fixes on or after `fromDate`, oldest first. Days where one of our currencies is 'N/A' are skipped. */
export function parseEcbCsv(text: string, fromDate = '0000-00-00'): EcbFix[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const columns = CURRENCIES.map((c) => {
    const i = header.indexOf(c);
    if (i < 0) throw new Error(`ECB file has no ${c} column`);
    return i;
  });
  const fixes: EcbFix[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const date = (cells[0] ?? '').trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`ECB file: bad date '${date}'`);
    if (date < fromDate) continue;
    const rates = columns.map((i) => Number(cells[i]));
    if (rates.some((r) => !Number.isFinite(r) || r <= 0)) continue;
    fixes.push({ date, at: ecbFixTime(date), rates });
  }
  return fixes.sort((a, b) => a.at - b.at);
}

export function loadEcbFixes(fromDate: string): EcbFix[] {
  return parseEcbCsv(readFileSync(ECB_CSV_URL, 'utf8'), fromDate);
}
