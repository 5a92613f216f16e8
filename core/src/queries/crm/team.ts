import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { inSpan } from '../span';

/** A member's pitches in a span, as a CRM export counts them. */
export interface PitchCounts {
  calculations: number;
  clients: number;
  /**
   * Annual savings pitched where we were cheaper (on-market rates only), in pounds (EUR/USD converted at the mid
   * each calculation used), as exact decimal text.
   */
  savings: string;
  /** Pitches where the competitor was cheaper (not added), and with an off-market rate (left out). */
  losses: number;
  excluded: number;
}

/** One member's pitch counts, with who they are. */
export interface MemberPitchTotals extends PitchCounts {
  userId: string;
  fullName: string;
  email: string;
}

/**
 * Each of the named members of the scope's company (ids of other companies are ignored) with their calculations
 * from `from` up to `to`: how many, distinct clients, counted savings, losses and pitches left out. By name.
 */
export async function memberPitchTotals(
  db: Database,
  scope: Scope,
  { userIds, from, to }: { userIds: readonly string[]; from: Date; to: Date },
): Promise<MemberPitchTotals[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_profiles as u')
    .leftJoin('calculations as c', (join) =>
      join.onRef('c.user_id', '=', 'u.id').on(inSpan('c.created_at', { from, to })),
    )
    .select([
      'u.id as userId',
      'u.full_name as fullName',
      'u.email',
      sql<number>`count(c.id)::int`.as('calculations'),
      sql<number>`count(DISTINCT c.normalized_client_name)::int`.as('clients'),
      sql<string>`coalesce(sum(c.counted_savings_gbp), 0)::text`.as('savings'),
      sql<number>`(count(c.id) FILTER (WHERE c.standing = 'loss'))::int`.as('losses'),
      sql<number>`(count(c.id) FILTER (WHERE c.standing IN ('off_market', 'below_mid')))::int`.as('excluded'),
    ])
    .where('u.company_id', '=', scope.companyId)
    .where('u.id', 'in', userIds)
    .groupBy(['u.id', 'u.full_name', 'u.email'])
    .orderBy('u.full_name')
    .orderBy('u.id')
    .execute();
}
