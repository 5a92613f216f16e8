import { hashPassword } from '@pippitch/core/auth';
import { createTrialCompany } from '@pippitch/core/company';
import { DEMO_COMPANY } from '@pippitch/core/demo';
import { toStoredRole } from '@pippitch/core/stored-role';
import type { RoleType } from '@pippitch/shared/access';
import type { Database } from '@pippitch/sql';

export { DEMO_COMPANY };
export const DEMO_PASSWORD = 'PipPitch#2026';

/** Roles in the product's words (shared/src/access.ts RoleType); stored through toStoredRole, never as a literal. */
export const DEMO_MEMBERS = [
  { email: 'owner@demo.pippitch.test', fullName: 'Olivia Owner', role: 'super_admin' },
  { email: 'admin@demo.pippitch.test', fullName: 'Adam Admin', role: 'admin' },
  { email: 'alice@demo.pippitch.test', fullName: 'Alice Broker', role: 'broker' },
  { email: 'ben@demo.pippitch.test', fullName: 'Ben Broker', role: 'broker' },
  { email: 'chloe@demo.pippitch.test', fullName: 'Chloe Broker', role: 'broker' },
] as const satisfies readonly { email: string; fullName: string; role: RoleType }[];

/**
 * The demo company: on a 60-day trial with both add-ons, a super_admin, an admin and three brokers.
 * Created once; an existing demo company is left as it is.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  const exists = await db.selectFrom('companies').select('id').where('name', '=', DEMO_COMPANY).executeTakeFirst();
  if (exists) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const company = await createTrialCompany(
      trx,
      {
        name: DEMO_COMPANY,
        domain: 'demo.pippitch.test',
        billing: 'monthly',
        adminSeats: 2,
        brokerSeats: 5,
        addons: { companyFinder: true, clientData: true },
      },
      now,
    );
    for (const m of DEMO_MEMBERS) {
      const user = await trx
        .insertInto('user_profiles')
        .values({ company_id: company.id, email: m.email, full_name: m.fullName, role_type: toStoredRole(m.role) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_credentials').values({ user_id: user.id, password_hash: passwordHash }).execute();
    }
  });
  return true;
}
