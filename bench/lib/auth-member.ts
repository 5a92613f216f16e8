import { hashPassword } from '../../core/src/services/auth/passwords';
import type { Database } from '../../sql/src/index';

/** A broker added straight to a company (as an accepted invitation would), for the sign-in benchmark. */
export async function addMemberForBench(db: Database, companyId: string, email: string, password: string) {
  const user = await db
    .insertInto('user_profiles')
    .values({ company_id: companyId, email, full_name: 'Bo Broker', role_type: 'junior' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: await hashPassword(password) })
    .execute();
}
