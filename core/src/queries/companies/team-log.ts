import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/**
 * The company's activity log entries a team change writes (`activity_logs`): by the scope's member, in their
 * company. Reading the log is the activity aggregate's.
 */
export async function insertTeamActivity(
  trx: Database,
  scope: Scope,
  entry: { type: string; description: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('activity_logs')
    .values({
      user_id: scope.userId,
      company_id: scope.companyId,
      action_type: entry.type,
      description: entry.description,
      created_at: entry.at,
    })
    .execute();
}
