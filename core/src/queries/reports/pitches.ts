import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { inSpan } from '../span';

/**
 * What a client report reads of the company's calculations (with their brokers) in a span: each broker's latest
 * pitch to each client, where the live rates came from, and the pairs pitched — always within the scope's company.
 */
export interface LatestPitch {
  id: string;
  userId: string;
  fullName: string;
  email: string;
  clientName: string | null;
  normalizedClientName: string | null;
  currencyPair: string;
  calculationData: unknown;
  evidence: unknown;
  savingsAmount: string;
  createdAt: Date;
  standing: string | null;
  savingsGbp: string;
  countedGbp: string;
  /** How many calculations in the span this row stands for. */
  times: number;
}

/** Each broker's latest pitch to each client from `from` up to `to`, with how many times they pitched that client. */
export async function latestPitches(db: Database, scope: Scope, from: Date, to: Date): Promise<LatestPitch[]> {
  // A calculation without a client name is its own row (nothing says two of them are the same client).
  const key = sql<string>`coalesce(c.normalized_client_name, c.id::text)`;
  const rows = await db
    .selectFrom('calculations as c')
    .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'u.full_name',
      'u.email',
      'c.client_name',
      'c.normalized_client_name',
      'c.currency_pair',
      'c.calculation_data',
      'c.evidence',
      'c.savings_amount',
      'c.created_at',
      'c.standing',
      sql<string>`c.savings_gbp::text`.as('savings_gbp'),
      sql<string>`c.counted_savings_gbp::text`.as('counted_gbp'),
      sql<number>`count(*) OVER (PARTITION BY c.user_id, ${key})::int`.as('times'),
    ])
    .distinctOn(['u.full_name', 'c.user_id', key])
    .where('c.company_id', '=', scope.companyId)
    .where(inSpan('c.created_at', { from, to }))
    .orderBy('u.full_name')
    .orderBy('c.user_id')
    .orderBy(key)
    .orderBy('c.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    fullName: r.full_name,
    email: r.email,
    clientName: r.client_name,
    normalizedClientName: r.normalized_client_name,
    currencyPair: r.currency_pair,
    calculationData: r.calculation_data,
    evidence: r.evidence,
    savingsAmount: String(r.savings_amount),
    createdAt: r.created_at,
    standing: r.standing,
    savingsGbp: r.savings_gbp,
    countedGbp: r.counted_gbp,
    times: r.times,
  }));
}

/** How the span's pitches got their live rate: each source (null: none recorded), how often, first and last. */
export async function rateSourceCounts(
  db: Database,
  scope: Scope,
  from: Date,
  to: Date,
): Promise<{ rateSource: string | null; n: number; first: Date | null; last: Date | null }[]> {
  const rows = await db
    .selectFrom('calculations as c')
    .select([
      'c.rate_source',
      sql<number>`count(*)::int`.as('n'),
      sql<Date | null>`min(c.rate_at)`.as('first'),
      sql<Date | null>`max(c.rate_at)`.as('last'),
    ])
    .where('c.company_id', '=', scope.companyId)
    .where(inSpan('c.created_at', { from, to }))
    .groupBy('c.rate_source')
    .orderBy('n', 'desc')
    .execute();
  return rows.map((r) => ({ rateSource: r.rate_source, n: r.n, first: r.first, last: r.last }));
}

/** Every pair pitched in the span. */
export async function pairsPitched(db: Database, scope: Scope, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('calculations as c')
    .select('c.currency_pair')
    .distinct()
    .where('c.company_id', '=', scope.companyId)
    .where(inSpan('c.created_at', { from, to }))
    .execute();
  return rows.map((r) => r.currency_pair);
}
