import { hashPassword } from '@pippitch/core/auth';
import { createTrialCompany } from '@pippitch/core/company';
import { DEMO_COMPANY } from '@pippitch/core/demo';
import type { Database } from '@pippitch/sql';

export { DEMO_COMPANY };
export const DEMO_PASSWORD = 'PipPitch#2026';

export const DEMO_MEMBERS = [
  { email: 'owner@demo.pippitch.test', fullName: 'Olivia Owner', role: 'super_admin' },
  { email: 'admin@demo.pippitch.test', fullName: 'Adam Admin', role: 'admin' },
  { email: 'alice@demo.pippitch.test', fullName: 'Alice Broker', role: 'junior' },
  { email: 'ben@demo.pippitch.test', fullName: 'Ben Broker', role: 'junior' },
  { email: 'chloe@demo.pippitch.test', fullName: 'Chloe Broker', role: 'junior' },
] as const;

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
        .values({ company_id: company.id, email: m.email, full_name: m.fullName, role_type: m.role })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_credentials').values({ user_id: user.id, password_hash: passwordHash }).execute();
    }
  });
  return true;
}
