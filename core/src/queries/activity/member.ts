import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { CALCULATION_COLUMNS, type CalculationRecord, calculationOf } from '../calculations/read';
import type { Scope } from '../scope';
import { inSpan } from '../span';
import { MEMBER_COLUMNS, type MemberBasics, memberOf } from '../team/members';

/**
 * One member's activity as their company's admins read it: the member (`user_profiles`) and their calculations over
 * a span, always within the scope's company (a member or a pitch of another company is not found).
 */

/** A member of the scope's company, or null. */
export async function findActivityMember(db: Database, scope: Scope, userId: string): Promise<MemberBasics | null> {
  const row = await db
    .selectFrom('user_profiles')
    .select(MEMBER_COLUMNS)
    .where('id', '=', userId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row ? memberOf(row) : null;
}

/**
 * The scope's company's members (active or not, any role), by name: all of them, or those among `ids` (ids from
 * elsewhere are left out).
 */
export async function activityMembers(db: Database, scope: Scope, ids?: readonly string[]): Promise<MemberBasics[]> {
  if (ids?.length === 0) return [];
  let q = db.selectFrom('user_profiles').select(MEMBER_COLUMNS).where('company_id', '=', scope.companyId);
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.orderBy('full_name').orderBy('id').execute();
  return rows.map(memberOf);
}

/** A calculation on the activity page: the record, and the live rate, standing and pounds stored with it. */
export interface ActivityCalculationRecord extends CalculationRecord {
  liveRate: number | null;
  rateSource: string | null;
  rateAt: Date | null;
  standing: string | null;
  savingsGbp: string;
}

/** The clients a member pitched in a span: one line per client (by the shared name key). */
export interface ClientPitchedRecord {
  name: string;
  calculations: number;
  annualSavings: string;
  losses: number;
  excluded: number;
  lastAt: Date;
}

/**
 * A member's calculations from `from` to before `to` (UTC instants): the newest `limit`, the clients pitched (the
 * latest name each, newest first) and how many there were, read together.
 */
export async function memberCalculationsIn(
  db: Database,
  scope: Scope,
  userId: string,
  { from, to, limit }: { from: Date; to: Date; limit: number },
): Promise<{ calculations: ActivityCalculationRecord[]; clients: ClientPitchedRecord[]; count: number }> {
  const scoped = db
    .selectFrom('calculations')
    .where('user_id', '=', userId)
    .where('company_id', '=', scope.companyId)
    .where(inSpan('created_at', { from, to }));
  const [rows, clients, count] = await Promise.all([
    scoped
      .select(CALCULATION_COLUMNS)
      .select(['live_rate', 'rate_source', 'rate_at', 'standing', sql<string>`savings_gbp::text`.as('savings_gbp')])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    scoped
      .where('normalized_client_name', 'is not', null)
      .select([
        sql<string>`(array_agg(client_name ORDER BY created_at DESC))[1]`.as('name'),
        sql<number>`count(*)::int`.as('calculations'),
        sql<string>`sum(counted_savings_gbp)::text`.as('annual_savings'),
        sql<number>`(count(*) FILTER (WHERE standing = 'loss'))::int`.as('losses'),
        sql<number>`(count(*) FILTER (WHERE standing IN ('off_market', 'below_mid')))::int`.as('excluded'),
        sql<Date>`max(created_at)`.as('last_at'),
      ])
      .groupBy('normalized_client_name')
      .orderBy(sql`max(created_at)`, 'desc')
      .execute(),
    scoped.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    calculations: rows.map((r) => ({
      ...calculationOf(r),
      liveRate: r.live_rate,
      rateSource: r.rate_source,
      rateAt: r.rate_at,
      standing: r.standing,
      savingsGbp: r.savings_gbp,
    })),
    clients: clients.map((c) => ({
      name: c.name,
      calculations: c.calculations,
      annualSavings: c.annual_savings,
      losses: c.losses,
      excluded: c.excluded,
      lastAt: c.last_at,
    })),
    count: count.n,
  };
}
