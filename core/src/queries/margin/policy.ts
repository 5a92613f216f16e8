import type { MarginPolicy } from '@pippitch/shared/margin-policy';
import type { MarginPips } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';
import { memberName } from './member-name';

/**
 * The margin policy's versions (`margin_policy_versions`, sql/migrations/0045), always the scope's company's: a log
 * of immutable versions, the newest in force. One mapping from the row to the record.
 */
export interface PolicyVersionRecord {
  id: number;
  policy: MarginPolicy;
  changedAt: Date;
  changedByName: string;
}

type VersionRow = { id: number; floors: unknown; margin_options: number[]; changed_at: Date; changed_by_name: string };

const COLUMNS = ['id', 'floors', 'margin_options', 'changed_at', 'changed_by_name'] as const;

/** The one mapping from a version's row. Its figures were written only by updatePolicy, after marginPolicySchema. */
function versionOf(r: VersionRow): PolicyVersionRecord {
  const policy = { floors: r.floors as MarginPolicy['floors'], marginOptions: r.margin_options as MarginPips[] };
  return { id: r.id, policy, changedAt: r.changed_at, changedByName: r.changed_by_name };
}

/** The newest version at or before `at` (now when absent), or undefined when the company never set one. */
export async function policyVersionAt(db: Database, scope: Scope, at?: Date): Promise<PolicyVersionRecord | undefined> {
  let q = db
    .selectFrom('margin_policy_versions')
    .select(COLUMNS)
    .where('company_id', '=', scope.companyId)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (at) q = q.where('changed_at', '<=', at);
  const row = await q.executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

/** Every version, oldest first, for judging many pitches with one query. */
export async function listPolicyVersions(db: Database, scope: Scope): Promise<PolicyVersionRecord[]> {
  const rows = await db
    .selectFrom('margin_policy_versions')
    .select(COLUMNS)
    .where('company_id', '=', scope.companyId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
  return rows.map(versionOf);
}

/**
 * Up to `limit` versions, newest first, older than the version `cursor` when given. Keyset paging on (changed_at,
 * id), the versions' index, so an old page costs what the first does; a cursor that is not one of the company's
 * versions reads nothing.
 */
export async function pageOfPolicyVersions(
  db: Database,
  scope: Scope,
  page: { limit: number; cursor?: number | null | undefined },
): Promise<PolicyVersionRecord[]> {
  let q = db
    .selectFrom('margin_policy_versions as v')
    .select(['v.id', 'v.floors', 'v.margin_options', 'v.changed_at', 'v.changed_by_name'])
    .where('v.company_id', '=', scope.companyId)
    .orderBy('v.changed_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(page.limit);
  if (page.cursor) {
    const cursor = page.cursor;
    q = q.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('v.changed_at', 'v.id'),
        '<',
        selectFrom('margin_policy_versions as c')
          .select(['c.changed_at', 'c.id'])
          .where('c.id', '=', cursor)
          .where('c.company_id', '=', scope.companyId)
          .$asTuple('changed_at', 'id'),
      ),
    );
  }
  return (await q.execute()).map(versionOf);
}

/** A new version by the scope's member, who is kept by name too (for after they leave). */
export async function insertPolicyVersion(db: Database, scope: Scope, policy: MarginPolicy): Promise<void> {
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
        .where('u.id', '=', ownerOf(scope))
        .where('u.company_id', '=', scope.companyId),
    )
    .execute();
}
