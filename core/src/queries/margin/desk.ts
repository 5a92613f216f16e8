import type { Database } from '@pippitch/sql';
import { readCompanyColumn } from '../companies/rows';
import type { Scope } from '../scope';

/** What the margin desk's e-mails need of the company beyond its approvals: its name and its active admins. */

/** The company's name. */
export async function deskCompanyName(db: Database, scope: Scope): Promise<string> {
  return readCompanyColumn(db, scope, 'name');
}

/** The ids of the company's active admins (and super admins), who decide requests. */
export async function deskAdminIds(db: Database, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('user_profiles')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .where('role_type', 'in', ['admin', 'super_admin'])
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}
