import type { Database, DB } from '@pippitch/sql';
import type { Insertable } from 'kysely';
import type { Scope } from '../scope';

/**
 * A company coming to exist (sign-up, the demo seed): its row, then its owner within it. The row comes first and
 * has no scope yet; its owner is written with the `system:signup` scope of the company just made.
 */

/** Inserts a company row (every column decided by services/company/create.ts); returns its id. */
export async function insertCompany(trx: Database, values: Insertable<DB['companies']>): Promise<string> {
  const row = await trx.insertInto('companies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Adds the scope's company's owner (design.md §3: an admin with the seats and subscription as well). */
export async function insertCompanyOwner(
  trx: Database,
  scope: Scope,
  owner: { fullName: string; email: string },
): Promise<string> {
  const row = await trx
    .insertInto('user_profiles')
    .values({ company_id: scope.companyId, role_type: 'super_admin', full_name: owner.fullName, email: owner.email })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
