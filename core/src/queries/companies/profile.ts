import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/** The scope's member's own profile (`user_profiles`), within their company. */

/** Sets (or with null removes) the member's contact phone. */
export async function writeOwnPhone(db: Database, scope: Scope, phone: string | null): Promise<void> {
  if (scope.userId === null) return;
  await db
    .updateTable('user_profiles')
    .set({ phone })
    .where('id', '=', scope.userId)
    .where('company_id', '=', scope.companyId)
    .execute();
}
