import type { MarginPips } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { ownerOf } from '../own-rows';
import type { Scope } from '../scope';

/**
 * The session's margin state in one round trip, two index lookups (margin_policy_versions_company,
 * notifications_user): the options of the company's policy in force (null when it never set one) and how many of
 * the scope's member's notifications are unread.
 */
export async function memberMarginRecord(
  db: Database,
  scope: Scope,
): Promise<{ marginOptions: MarginPips[] | null; unread: number }> {
  const { rows } = await sql<{ options: number[] | null; unread: number }>`
    SELECT
      (SELECT v.margin_options FROM margin_policy_versions v
       WHERE v.company_id = ${scope.companyId}
       ORDER BY v.changed_at DESC, v.id DESC LIMIT 1) AS options,
      (SELECT count(*)::int FROM notifications n
       WHERE n.user_id = ${ownerOf(scope)} AND n.read_at IS NULL) AS unread`.execute(db);
  const row = rows[0];
  // Written only by updatePolicy after marginPolicySchema: spec options, sorted, at least one.
  return { marginOptions: (row?.options as MarginPips[] | null) ?? null, unread: row?.unread ?? 0 };
}
