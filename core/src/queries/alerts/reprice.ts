import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/**
 * The nightly re-pricing's reads and writes (`user_leads`, `calculations`, `lead_repricings`, `fx_minute_bars`).
 * The job re-prices every company's leads alike, so these are over all companies by design: it reads in keyset
 * batches and writes each lead's row by the lead's id, which it read itself.
 */
export interface LeadToReprice {
  leadId: string;
  userId: string;
  threshold: number;
  calculationId: string;
  createdAt: Date;
  currencyPair: string;
  calculationData: unknown;
  liveRate: number | null;
  /** The record's mid, for a daily-only pair (no live quote exists: its mid is the day's ECB fix). */
  recordMid: string | null;
  savingsAmount: string;
}

/** The newest stored close of a stored pair, if it has any. */
export async function latestClose(db: Database, pair: string): Promise<number | undefined> {
  const { rows } = await sql<{ close: number }>`
    SELECT close FROM fx_minute_bars WHERE pair = ${pair} ORDER BY ts DESC LIMIT 1`.execute(db);
  return rows[0]?.close;
}

/**
 * The next `limit` leads after `after` (by id), of every company with access, each with its broker's newest
 * on-market calculation (the calculations index is (user, client, time)); active brokers only. An off-market pitch
 * (outside the range the shared check used — on a day without prices, the last session's: issue 31 §1) is a typo
 * the broker confirmed, not a price to call back on.
 */
export async function leadsToRepriceOfAllCompanies(
  db: Database,
  after: string,
  limit: number,
): Promise<LeadToReprice[]> {
  const { rows } = await sql<{
    lead_id: string;
    user_id: string;
    threshold: number;
    calculation_id: string;
    created_at: Date;
    currency_pair: string;
    calculation_data: unknown;
    live_rate: number | null;
    record_mid: string | null;
    savings_amount: string;
  }>`
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
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    leadId: r.lead_id,
    userId: r.user_id,
    threshold: r.threshold,
    calculationId: r.calculation_id,
    createdAt: r.created_at,
    currencyPair: r.currency_pair,
    calculationData: r.calculation_data,
    liveRate: r.live_rate,
    recordMid: r.record_mid,
    savingsAmount: r.savings_amount,
  }));
}

/** One batch of re-priced leads, column by column (the same length each). */
export interface Repricings {
  lead: string[];
  user: string[];
  calc: string[];
  at: Date[];
  base: string[];
  now: string[];
  change: string[];
  flagged: boolean[];
}

/**
 * Writes a batch's re-pricings of `today`. A lead keeps the date it first became flagged while it stays flagged; a
 * new calculation starts it again.
 */
export async function saveRepricings(db: Database, out: Repricings, today: string): Promise<void> {
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
