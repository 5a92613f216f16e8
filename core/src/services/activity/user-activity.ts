import type { RoleType } from '@pippitch/shared/access';
import {
  type ActivityView,
  activityPeriod,
  activityPeriodLabel,
  type DateSpan,
} from '@pippitch/shared/activity-periods';
import { londonDateOf, londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Standing } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { notFound } from '../../errors';
import type { Actor } from '../actor';
import { storedCalculation } from '../calculation-data';
import { type CalculationEntry, toCalculationEntry } from '../calculator/record';
import { roleFromStored } from '../stored-role';

export const MEMBER_NOT_FOUND = 'Member not found';

/** The newest calculations listed for one period (a broker's busiest month is a few hundred). */
export const ACTIVITY_LIST_LIMIT = 1000;

/** A calculation on the user activity page: Calculation Details plus the live rate shown when it was made. */
export interface ActivityCalculation extends CalculationEntry {
  liveRate: number | null;
  rateSource: string | null;
  rateAt: string | null;
  /** Saving, loss, even or off-market (kept out of totals): shared/src/totals.ts. */
  standing: Standing;
  /** The annual saving or loss in pounds (EUR/USD converted at the mid the calculation used). */
  savingsGbp: string;
}

export interface CompanyPitched {
  name: string;
  calculations: number;
  /** Savings of the company's pitches where we were cheaper, in pounds (off-market rates left out). */
  annualSavings: string;
  /** Pitches where the competitor was cheaper, and pitches with an off-market rate (not in the savings). */
  losses: number;
  excluded: number;
  lastPitchedAt: string;
}

export interface UserActivity {
  member: { id: string; name: string; email: string; role: RoleType; isActive: boolean };
  view: ActivityView;
  period: DateSpan & { label: string };
  /** The period holds today: there is no next one yet. */
  isCurrent: boolean;
  companies: CompanyPitched[];
  calculations: ActivityCalculation[];
  /** All calculations of the period (the list holds at most ACTIVITY_LIST_LIMIT of them). */
  calculationCount: number;
}

/** A member of the caller's company, or 404: another company's id looks exactly like one that does not exist. */
async function memberOf(db: Database, companyId: string, userId: string) {
  const member = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email', 'role_type', 'is_active'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** The UTC instants of a span of London days: from the first day's midnight to the midnight after the last. */
export function spanBoundsUtc(span: DateSpan): { from: Date; to: Date } {
  return { from: londonDayBoundsUtc(span.start).start, to: londonDayBoundsUtc(span.end).end };
}

/**
 * One member's activity for a London day, Monday–Sunday week or calendar month holding `date` (today by default;
 * a later date is read as today): the companies pitched and the calculations, newest first.
 */
export async function userActivity(
  db: Database,
  actor: Pick<Actor, 'companyId'>,
  input: { userId: string; view: ActivityView; date?: string | undefined },
  now: Date,
): Promise<UserActivity> {
  const member = await memberOf(db, actor.companyId, input.userId);
  const today = londonDateOf(now);
  const date = input.date && input.date < today ? input.date : today;
  const span = activityPeriod(input.view, date);
  const { from, to } = spanBoundsUtc(span);
  const scoped = db
    .selectFrom('calculations')
    .where('user_id', '=', member.id)
    .where('company_id', '=', actor.companyId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);

  const [rows, companies, count] = await Promise.all([
    scoped
      .select([
        'id',
        'created_at',
        'client_name',
        'calculation_data',
        'evidence',
        'off_market',
        'live_rate',
        'rate_source',
        'rate_at',
        'standing',
        sql<string>`savings_gbp::text`.as('savings_gbp'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_LIST_LIMIT)
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
    member: {
      id: member.id,
      name: member.full_name,
      email: member.email,
      role: roleFromStored(member.role_type),
      isActive: member.is_active,
    },
    view: input.view,
    period: { ...span, label: activityPeriodLabel(input.view, span) },
    isCurrent: span.end >= today,
    companies: companies.map((c) => ({
      name: c.name,
      calculations: c.calculations,
      annualSavings: c.annual_savings,
      losses: c.losses,
      excluded: c.excluded,
      lastPitchedAt: new Date(c.last_at).toISOString(),
    })),
    calculations: rows.map((r) => ({
      ...toCalculationEntry(r, storedCalculation.parse(r.calculation_data)),
      liveRate: r.live_rate,
      rateSource: r.rate_source,
      rateAt: r.rate_at?.toISOString() ?? null,
      standing: (r.standing ?? 'saving') as Standing,
      savingsGbp: r.savings_gbp,
    })),
    calculationCount: count.n,
  };
}

/** Every member of the caller's company the export may pick from (active or not, any role), by name. */
export async function exportableMembers(db: Database, actor: Pick<Actor, 'companyId'>) {
  const rows = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email', 'role_type', 'is_active'])
    .where('company_id', '=', actor.companyId)
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.full_name,
    email: r.email,
    role: roleFromStored(r.role_type),
    isActive: r.is_active,
  }));
}

export { memberOf };
