/**
 * The nightly re-pricing (issue 14 §4): every broker's leads with a calculation, re-priced on the current mid with
 * the last calculation's inputs (shared/src/alerts.ts), in keyset batches so 100,000 leads stream through in bounded
 * memory; then one digest e-mail per broker whose leads moved today. Idempotent: a second run the same day (another
 * worker, a retry) rewrites the same rows and sends no second digest.
 */
import { changePercent, isFlagged, repricedAnnualSavings } from '@pippitch/shared/alerts';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { isCurrencyPair, pipSize, STORED_PAIRS, servePrice, storageFor } from '@pippitch/shared/pairs';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { storedCalculation } from '../calculation-data';
import { pairsQuotedAnywhere } from '../company/pairs';
import { sendAlertDigests } from './digest';

const BATCH = 5_000;

interface LeadRow {
  lead_id: string;
  user_id: string;
  threshold: number;
  calculation_id: string;
  created_at: Date;
  currency_pair: string;
  calculation_data: unknown;
  live_rate: number | null;
  /** The record's mid, for a daily-only pair (no live quote exists: its mid is the day's ECB fix). */
  record_mid: string | null;
  savings_amount: string;
}

/**
 * The newest stored price of each stored pair the six and the desks' pairs use (issue 34: a derived cross's own
 * minutes, a daily-only pair's latest ECB fix), as stored; served through storageFor below (GBPEUR inverted).
 */
async function currentMids(db: Database): Promise<Map<string, number>> {
  const mids = new Map<string, number>();
  const quoted = (await pairsQuotedAnywhere(db)).map((p) => storageFor(p).stored as string);
  for (const pair of new Set<string>([...STORED_PAIRS, ...quoted])) {
    const row = (
      await sql<{ close: number }>`
        SELECT close FROM fx_minute_bars WHERE pair = ${pair} ORDER BY ts DESC LIMIT 1`.execute(db)
    ).rows[0];
    if (row) mids.set(pair, row.close);
  }
  return mids;
}

export async function repriceLeads(
  db: Database,
  now: Date,
  appUrl: string,
): Promise<{ leads: number; flagged: number; digests: number }> {
  const today = londonDateOf(now);
  const mids = await currentMids(db);
  let after = '00000000-0000-0000-0000-000000000000';
  let leads = 0;
  let flagged = 0;
  for (;;) {
    // Each broker's lead with its newest on-market calculation (the calculations index is (user, client, time)),
    // brokers of companies with access only. An off-market pitch (outside the range the shared check used — on a
    // day without prices, the last session's: issue 31 §1) is a typo the broker confirmed, not a price to call
    // back on.
    const rows = (
      await sql<LeadRow>`
        SELECT l.id AS lead_id, l.user_id, u.reprice_threshold_pct AS threshold, c.id AS calculation_id,
               c.created_at, c.currency_pair, c.calculation_data, c.live_rate, c.savings_amount::text AS savings_amount,
               c.evidence->'mid'->>'rate' AS record_mid
        FROM user_leads l
        JOIN user_profiles u ON u.id = l.user_id AND u.is_active
        JOIN companies co ON co.id = u.company_id AND NOT co.account_locked
        JOIN LATERAL (
          SELECT id, created_at, currency_pair, calculation_data, live_rate, savings_amount, evidence FROM calculations
          WHERE user_id = l.user_id AND normalized_client_name = l.normalized_name AND NOT off_market
          ORDER BY created_at DESC LIMIT 1
        ) c ON true
        WHERE l.id > ${after}::uuid
        ORDER BY l.id
        LIMIT ${BATCH}`.execute(db)
    ).rows;
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.lead_id;
    const out = {
      lead: [] as string[],
      user: [] as string[],
      calc: [] as string[],
      at: [] as Date[],
      base: [] as string[],
      now: [] as string[],
      change: [] as string[],
      flagged: [] as boolean[],
    };
    for (const r of rows) {
      if (!isCurrencyPair(r.currency_pair)) continue;
      const daily = pairInfo(r.currency_pair).sourcing.kind === 'daily';
      const baseMid = daily && r.record_mid ? Number(r.record_mid) : r.live_rate;
      if (!baseMid) continue; // no mid on record: nothing to re-price from
      const current = mids.get(storageFor(r.currency_pair).stored);
      if (current === undefined) continue;
      const d = storedCalculation.parse(r.calculation_data);
      const repriced = repricedAnnualSavings(
        {
          yourRate: d.your_rate,
          competitorRate: d.competitor_rate,
          amount: d.trade_amount,
          tradesPerYear: d.trades_per_year,
          marginPips: d.pips_added,
          pipSize: pipSize(r.currency_pair),
        },
        baseMid,
        servePrice(current, storageFor(r.currency_pair).invert),
      );
      const change = changePercent(r.savings_amount, repriced);
      const moved = isFlagged(change, r.threshold);
      out.lead.push(r.lead_id);
      out.user.push(r.user_id);
      out.calc.push(r.calculation_id);
      out.at.push(r.created_at);
      out.base.push(r.savings_amount);
      out.now.push(repriced);
      out.change.push(change);
      out.flagged.push(moved);
      leads++;
      if (moved) flagged++;
    }
    if (out.lead.length === 0) continue;
    // A lead keeps the date it first became flagged while it stays flagged; a new calculation starts it again.
    await sql`
      INSERT INTO lead_repricings AS r (lead_id, user_id, calculation_id, calculated_at, base_annual_savings,
        repriced_annual_savings, change_pct, flagged_since, repriced_on)
      SELECT lead_id, user_id, calculation_id, calculated_at, base, now, change,
             CASE WHEN flagged THEN ${today}::date END, ${today}::date
      FROM unnest(${out.lead}::uuid[], ${out.user}::uuid[], ${out.calc}::uuid[],
                  ${out.at.map((d) => d.toISOString())}::timestamptz[], ${out.base}::numeric[], ${out.now}::numeric[],
                  ${out.change}::numeric[], ${out.flagged}::boolean[])
        AS t(lead_id, user_id, calculation_id, calculated_at, base, now, change, flagged)
      ON CONFLICT (lead_id) DO UPDATE SET
        calculation_id = excluded.calculation_id,
        calculated_at = excluded.calculated_at,
        base_annual_savings = excluded.base_annual_savings,
        repriced_annual_savings = excluded.repriced_annual_savings,
        change_pct = excluded.change_pct,
        flagged_since = CASE
          WHEN excluded.flagged_since IS NULL THEN NULL
          WHEN r.flagged_since IS NOT NULL AND r.calculation_id = excluded.calculation_id THEN r.flagged_since
          ELSE excluded.flagged_since END,
        repriced_on = excluded.repriced_on`.execute(db);
  }
  const digests = await sendAlertDigests(db, today, appUrl);
  return { leads, flagged, digests };
}
