import { MESSAGES, type SignupInput } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { conflict } from '../../errors';
import { createTrialCompany } from '../company/create';
import { isUniqueViolation } from '../db-errors';
import { hashPassword } from './passwords';
import { clientKey, enforce } from './rate-limit';

export interface SignupResult {
  companyId: string;
  userId: string;
  trialEndsAt: Date;
}

/**
 * Creates the company and its first admin in one transaction. Every billing field (status, trial end,
 * seats, prices) is set here from the seat counts and shared pricing; nothing billing-related comes from
 * the browser.
 */
export async function signUpCompany(
  db: Database,
  input: SignupInput,
  meta: { ip: string; now?: Date },
): Promise<SignupResult> {
  const now = meta.now ?? new Date();
  // Each signup costs a password hash and creates a company: 10 an hour from one client is plenty for an
  // office setting up several trials, and stops a script filling the table.
  await enforce(db, [{ key: `signup:client:${clientKey(meta.ip)}`, max: 10, windowSeconds: 3600 }]);
  const passwordHash = await hashPassword(input.password, clientKey(meta.ip));
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('user_profiles')
        .select('id')
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (taken) throw conflict(MESSAGES.emailTaken, 'email');
      const company = await createTrialCompany(
        trx,
        {
          name: input.companyName,
          domain: input.companyDomain,
          billing: input.billing,
          adminSeats: input.adminSeats,
          brokerSeats: input.brokerSeats,
          ...(input.addons && { addons: input.addons }),
        },
        now,
      );
      const user = await trx
        .insertInto('user_profiles')
        // The creator is the account owner (design.md §3): an admin with the seats and subscription as well.
        .values({ company_id: company.id, role_type: 'super_admin', full_name: input.fullName, email: input.email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_credentials').values({ user_id: user.id, password_hash: passwordHash }).execute();
      return { companyId: company.id, userId: user.id, trialEndsAt: company.trialEndsAt };
    });
  } catch (err) {
    // Two signups racing past the checks above meet the unique indexes instead.
    if (isUniqueViolation(err, 'companies_name_unique')) throw conflict(MESSAGES.companyTaken, 'companyName');
    if (isUniqueViolation(err, 'user_profiles_email_unique')) throw conflict(MESSAGES.emailTaken, 'email');
    throw err;
  }
}
