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
import { notFound } from '../../errors';
import { activityMembers, findActivityMember, memberCalculationsIn } from '../../queries/activity/member';
import { scopeOf } from '../../queries/scope';
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
async function memberOf(db: Database, actor: Actor, userId: string) {
  const member = await findActivityMember(db, scopeOf(actor), userId);
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
  actor: Actor,
  input: { userId: string; view: ActivityView; date?: string | undefined },
  now: Date,
): Promise<UserActivity> {
  const member = await memberOf(db, actor, input.userId);
  const today = londonDateOf(now);
  const date = input.date && input.date < today ? input.date : today;
  const span = activityPeriod(input.view, date);
  const { from, to } = spanBoundsUtc(span);
  const read = await memberCalculationsIn(db, scopeOf(actor), member.id, { from, to, limit: ACTIVITY_LIST_LIMIT });
  return {
    member: {
      id: member.id,
      name: member.fullName,
      email: member.email,
      role: roleFromStored(member.storedRole),
      isActive: member.isActive,
    },
    view: input.view,
    period: { ...span, label: activityPeriodLabel(input.view, span) },
    isCurrent: span.end >= today,
    companies: read.clients.map(({ lastAt, ...c }) => ({ ...c, lastPitchedAt: new Date(lastAt).toISOString() })),
    calculations: read.calculations.map((r) => ({
      ...toCalculationEntry(r, storedCalculation.parse(r.calculationData)),
      liveRate: r.liveRate,
      rateSource: r.rateSource,
      rateAt: r.rateAt?.toISOString() ?? null,
      standing: (r.standing ?? 'saving') as Standing,
      savingsGbp: r.savingsGbp,
    })),
    calculationCount: read.count,
  };
}

/** Every member of the caller's company the export may pick from (active or not, any role), by name. */
export async function exportableMembers(db: Database, actor: Actor) {
  const rows = await activityMembers(db, scopeOf(actor));
  return rows.map((r) => ({
    id: r.id,
    name: r.fullName,
    email: r.email,
    role: roleFromStored(r.storedRole),
    isActive: r.isActive,
  }));
}
