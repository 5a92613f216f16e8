import type { Database } from '@pippitch/sql';
import { insertOnce } from '../insert-once';
import type { Scope } from '../scope';

/** The demo company's history (services/demo/activity.ts): found once by name, then written within its scope. */

/**
 * The id of the company of this name, or null. A lookup across companies, with no scope to hold it: the seeding job
 * finds the demo company by its fixed name (it has no member acting), then works with systemScope over that company.
 */
export async function companyIdNamed(db: Database, name: string): Promise<string | null> {
  const row = await db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the company has any calculation at all. */
export async function hasAnyCalculation(db: Database, scope: Scope): Promise<boolean> {
  const rows = await db
    .selectFrom('calculations')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .limit(1)
    .execute();
  return rows.length > 0;
}

/** Claims the company's one demo history: true for the first caller only (two workers starting together). */
export async function claimDemoHistory(db: Database, scope: Scope): Promise<boolean> {
  return insertOnce(db, 'demo_history', { company_id: scope.companyId }, ['company_id']);
}
