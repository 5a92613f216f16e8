/**
 * What every page of the app needs of the margin policy for the signed-in member (issue 25), carried by the
 * session so the calculator's first load fetches nothing more: the 'Inflate Your Margin' options the desk allows
 * (the calculator draws only those) and how many decisions on the member's requests are unread (the top bar's
 * badge). One round trip, two index lookups (margin_policy_versions_company, notifications_user).
 */
import { DEFAULT_MARGIN_POLICY } from '@pippitch/shared/margin-policy';
import type { MarginPips } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

export interface MemberMarginState {
  marginOptions: MarginPips[];
  unreadDecisions: number;
}

export async function memberMarginState(
  db: Database,
  member: { userId: string; companyId: string },
): Promise<MemberMarginState> {
  const { rows } = await sql<{ options: number[] | null; unread: number }>`
    SELECT
      (SELECT v.margin_options FROM margin_policy_versions v
       WHERE v.company_id = ${member.companyId}
       ORDER BY v.changed_at DESC, v.id DESC LIMIT 1) AS options,
      (SELECT count(*)::int FROM notifications n
       WHERE n.user_id = ${member.userId} AND n.read_at IS NULL) AS unread`.execute(db);
  const row = rows[0];
  return {
    // Written only by updatePolicy after marginPolicySchema: spec options, sorted, at least one.
    marginOptions: (row?.options as MarginPips[] | null) ?? [...DEFAULT_MARGIN_POLICY.marginOptions],
    unreadDecisions: row?.unread ?? 0,
  };
}
