import type { DateSpan } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { STORED_BROKER } from '../../services/stored-role';
import type { Scope } from '../scope';

/** The dashboard's reads beside its sums (dashboard-sums.ts) and chart (dashboard-chart.ts), in the scope's company. */

/** An active broker on the dashboard, with their newest calculation's time. */
export interface DashboardBroker {
  id: string;
  fullName: string;
  email: string;
  lastAt: Date | string | null;
}

/** The company's active brokers (role junior, is_active), by name, each with their newest calculation's time. */
export async function activeBrokers(db: Database, scope: Scope): Promise<DashboardBroker[]> {
  const rows = await db
    .selectFrom('user_profiles as u')
    .select([
      'u.id',
      'u.full_name',
      'u.email',
      (eb) =>
        eb
          .selectFrom('calculation_user_days as d')
          .select('d.last_at')
          .whereRef('d.user_id', '=', 'u.id')
          .orderBy('d.day', 'desc')
          .limit(1)
          .as('last_at'),
    ])
    .where('u.company_id', '=', scope.companyId)
    .where('u.role_type', '=', STORED_BROKER)
    .where('u.is_active', '=', true)
    .orderBy('u.full_name')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email, lastAt: r.last_at ?? null }));
}

/** A member's distinct clients in the range and in the previous range. */
export interface ClientCounts {
  userId: string;
  clients: number;
  prevClients: number;
}

/**
 * Distinct clients per member in both ranges: one row per (member, client) with a bit per London day pitched, so each
 * range is one bit test per pair. The current range ends today, so a pair pitched on or after its first day is in it
 * (its newest day says so, no bit test) unless that day is later than the range's end (a moved clock); only the
 * previous range needs the bit test.
 */
export async function clientCounts(
  db: Database,
  scope: Scope,
  current: DateSpan,
  previous: DateSpan,
): Promise<ClientCounts[]> {
  const rows = await db
    .selectFrom('calculation_clients as c')
    .select([
      'c.user_id',
      sql<number>`(count(*) FILTER (WHERE c.last_day >= ${current.start}::date AND (c.last_day <= ${current.end}::date
        OR activity_days_any(c.days, ${current.start}::date, ${current.end}::date))))::int`.as('clients'),
      sql<number>`(count(*) FILTER (WHERE activity_days_any(c.days, ${previous.start}::date, ${previous.end}::date)))::int`.as(
        'prev_clients',
      ),
    ])
    .where('c.company_id', '=', scope.companyId)
    .where('c.last_day', '>=', previous.start)
    .groupBy('c.user_id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, clients: r.clients, prevClients: r.prev_clients }));
}
