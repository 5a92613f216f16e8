/**
 * The desk's margin policy (issue 25 §1) as a log of immutable versions (sql/migrations/0045_margin_policy.sql): the
 * newest is in force, consecutive ones are a change's old → new, and a pitch is judged by the newest at or before
 * its own time, so a change applies to later pitches only.
 */
import { DEFAULT_MARGIN_POLICY, type MarginPolicy } from '@pippitch/shared/margin-policy';
import type { MarginPips } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import type { Actor } from '../actor';
import { endApprovalsOutsidePolicy } from './grants';
import { memberName } from './member-name';

type VersionRow = { floors: unknown; margin_options: number[] };

function toPolicy(row: VersionRow | undefined): MarginPolicy {
  if (!row) return DEFAULT_MARGIN_POLICY;
  // Written only by updatePolicy, after marginPolicySchema.
  return { floors: row.floors as MarginPolicy['floors'], marginOptions: row.margin_options as MarginPips[] };
}

/** The policy in force at `at` (now when absent) for a company: its newest version then, or the default. */
export async function policyAt(db: Database, companyId: string, at?: Date): Promise<MarginPolicy> {
  let q = db
    .selectFrom('margin_policy_versions')
    .select(['floors', 'margin_options'])
    .where('company_id', '=', companyId)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (at) q = q.where('changed_at', '<=', at);
  return toPolicy(await q.executeTakeFirst());
}

/**
 * A new version, already validated (marginPolicySchema). Who made it is kept by name too, for after they leave. In
 * the same transaction, approvals whose band's floor it moves end (issue 32).
 */
export async function updatePolicy(
  db: Database,
  actor: Pick<Actor, 'userId' | 'companyId'>,
  policy: MarginPolicy,
  now: Date = new Date(),
): Promise<MarginPolicy> {
  await db.transaction().execute(async (trx) => {
    await insertVersion(trx, actor, policy);
    await endApprovalsOutsidePolicy(trx, actor.companyId, policy, now);
  });
  return policyAt(db, actor.companyId);
}

async function insertVersion(db: Database, actor: Pick<Actor, 'userId' | 'companyId'>, policy: MarginPolicy) {
  await db
    .insertInto('margin_policy_versions')
    .columns(['company_id', 'floors', 'margin_options', 'changed_by', 'changed_by_name'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles as u')
        .select([
          'u.company_id',
          eb.val(JSON.stringify(policy.floors)).as('floors'),
          eb.val(policy.marginOptions).as('margin_options'),
          'u.id',
          memberName.as('changed_by_name'),
        ])
        .where('u.id', '=', actor.userId)
        .where('u.company_id', '=', actor.companyId),
    )
    .execute();
}

export interface PolicyChange {
  /** The version's id: the cursor of the page after it. */
  id: number;
  changedAt: string;
  changedBy: string;
  before: MarginPolicy;
  after: MarginPolicy;
}

export interface PolicyLogPage {
  changes: PolicyChange[];
  /** The cursor of older changes, null at the first change. */
  nextCursor: number | null;
}

/**
 * The change log, newest first, a page at a time: each version with the one before it (the default before the
 * first). Keyset paging on (changed_at, id), the versions' index, so an old page costs what the first does; a
 * cursor that is not one of the company's versions reads nothing.
 */
export async function policyLog(
  db: Database,
  companyId: string,
  page: { limit: number; cursor?: number | null | undefined } = { limit: 20 },
): Promise<PolicyLogPage> {
  let q = db
    .selectFrom('margin_policy_versions as v')
    .select(['v.id', 'v.floors', 'v.margin_options', 'v.changed_by_name', 'v.changed_at'])
    .where('v.company_id', '=', companyId)
    .orderBy('v.changed_at', 'desc')
    .orderBy('v.id', 'desc')
    // One more than the page: the version before the page's last (its 'old'), and the sign of an older page.
    .limit(page.limit + 1);
  if (page.cursor) {
    const cursor = page.cursor;
    q = q.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('v.changed_at', 'v.id'),
        '<',
        selectFrom('margin_policy_versions as c')
          .select(['c.changed_at', 'c.id'])
          .where('c.id', '=', cursor)
          .where('c.company_id', '=', companyId)
          .$asTuple('changed_at', 'id'),
      ),
    );
  }
  const rows = await q.execute();
  const changes = rows.slice(0, page.limit).map((row, i) => ({
    id: row.id,
    changedAt: row.changed_at.toISOString(),
    changedBy: row.changed_by_name,
    before: toPolicy(rows[i + 1]),
    after: toPolicy(row),
  }));
  return { changes, nextCursor: rows.length > page.limit ? (changes.at(-1)?.id ?? null) : null };
}

/** Every version of a company's policy, oldest first, for judging many pitches with one query. */
export async function policyVersions(db: Database, companyId: string): Promise<{ at: Date; policy: MarginPolicy }[]> {
  const rows = await db
    .selectFrom('margin_policy_versions')
    .select(['floors', 'margin_options', 'changed_at'])
    .where('company_id', '=', companyId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ at: r.changed_at, policy: toPolicy(r) }));
}

/** The policy in force at `at` among versions (oldest first): the newest at or before it, or the default. */
export function policyIn(versions: { at: Date; policy: MarginPolicy }[], at: Date): MarginPolicy {
  let policy = DEFAULT_MARGIN_POLICY;
  for (const v of versions) {
    if (v.at > at) break;
    policy = v.policy;
  }
  return policy;
}
