/**
 * Keeping the ECB reference rates current (issue 21 §2): the day's file after publication, and the 90-day file
 * when a business day is missing (the worker was down, a run failed), so the table has no holes for a calculation
 * to fall into. Idempotent: a fix already stored is left as it is (published rates do not change).
 */
import { ECB_REFERENCE_CURRENCIES } from '@pippitch/shared/evidence';
import { addDays, isoWeekday } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { EcbFix, EcbRatesProvider } from '../vendors/ecb/types';

export const ECB_FETCH_STATUS = 'ecb';

/** Stores the fixes of every catalogue currency (issue 34); returns how many rates were new. */
export async function storeEcbFixes(db: Database, fixes: readonly EcbFix[]): Promise<number> {
  const currencies: string[] = [];
  const dates: string[] = [];
  const rates: string[] = [];
  for (const fix of fixes) {
    for (const currency of ECB_REFERENCE_CURRENCIES) {
      const rate = fix.rates[currency];
      if (!rate) continue;
      currencies.push(currency);
      dates.push(fix.date);
      rates.push(rate);
    }
  }
  if (currencies.length === 0) return 0;
  const r = await sql`
    INSERT INTO ecb_reference_rates (currency, fix_date, per_eur)
    SELECT * FROM unnest(${currencies}::text[], ${dates}::date[], ${rates}::numeric[])
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** The newest fix date on file ('YYYY-MM-DD'), or null. */
export async function latestEcbFixDate(db: Database): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    SELECT to_char(max(fix_date), 'YYYY-MM-DD') AS d FROM ecb_reference_rates WHERE currency = 'GBP'`.execute(db);
  return rows[0]?.d ?? null;
}

/** The weekday before `date` (TARGET holidays are not skipped: asking for the 90 days once too often costs nothing). */
function previousWeekday(date: string): string {
  let d = addDays(date, -1);
  while (isoWeekday(d) > 5) d = addDays(d, -1);
  return d;
}

export interface EcbRefresh {
  /** The newest fix now on file. */
  latest: string | null;
  added: number;
  /** The 90-day file (or, for an older gap, the whole history) was read to fill a gap. */
  caughtUp: boolean;
}

export async function refreshEcbRates(db: Database, provider: EcbRatesProvider, now: Date): Promise<EcbRefresh> {
  try {
    const before = await latestEcbFixDate(db);
    const daily = await provider.daily();
    let added = await storeEcbFixes(db, daily);
    const newest = daily[daily.length - 1]!.date;
    const caughtUp = !before || before < previousWeekday(newest);
    if (caughtUp) {
      const ninety = await provider.last90Days();
      added += await storeEcbFixes(db, ninety);
      // Older than the 90 days (a long downtime, or the bundled file's end): the whole history, once.
      if (!before || before < ninety[0]!.date) added += await storeEcbFixes(db, await provider.history());
    }
    await recordEcbStatus(db, provider.description, now, null);
    return { latest: await latestEcbFixDate(db), added, caughtUp };
  } catch (err) {
    await recordEcbStatus(db, provider.description, now, (err as Error).message);
    throw err;
  }
}

async function recordEcbStatus(db: Database, description: string, now: Date, error: string | null): Promise<void> {
  await sql`
    INSERT INTO market_fetch_status AS s (name, description, last_attempt_at, last_success_at, last_error,
                                          last_error_at, updated_at)
    VALUES (${ECB_FETCH_STATUS}, ${description}, ${now}, ${error === null ? now : null}, ${error},
            ${error === null ? null : now}, now())
    ON CONFLICT (name) DO UPDATE SET description = excluded.description, last_attempt_at = excluded.last_attempt_at,
      last_success_at = coalesce(excluded.last_success_at, s.last_success_at),
      last_error = coalesce(excluded.last_error, s.last_error),
      last_error_at = coalesce(excluded.last_error_at, s.last_error_at), updated_at = now()`.execute(db);
}
