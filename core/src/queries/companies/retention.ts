import type { Database } from '@pippitch/sql';

/**
 * Deletes every company locked with access ended at or before `cutoff`, across all companies: the retention job's
 * one statement, for no member (design.md §3), so a company subscribing again at that moment is either deleted
 * before or kept. The company row goes and with it (ON DELETE CASCADE) everything it owns; returns the names.
 */
export async function deleteCompaniesEndedBy(db: Database, cutoff: Date): Promise<string[]> {
  const deleted = await db
    .deleteFrom('companies')
    .where('account_locked', '=', true)
    .where('access_ended_at', '<=', cutoff)
    .returning('name')
    .execute();
  return deleted.map((c) => c.name);
}
