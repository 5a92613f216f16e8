import { MESSAGES, type OwnerSignupInput, type SignupInput } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { conflict } from '../../errors';
import { insertCompanyOwner } from '../../queries/companies/signup';
import { systemScope } from '../../queries/scope';
import { findAccountIdByEmail, insertCredentials } from '../../queries/sessions/accounts';
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
 * What signing up takes beyond the database and the input: the client's address (the limits per client, and the
 * password hash's client key) and the time of the request.
 */
export interface SignupDeps {
  ip: string;
  now: Date;
}

/** What the company and its owner are made of: the wizard's answers with the owner's password already hashed. */
export type SignupDetails = SignupInput & { passwordHash: string };

// 10 an hour from one client is plenty for an office setting up several trials, and stops a script filling the
// tables (or, verify-first, someone's inbox).
export function signupLimits(ip: string) {
  return [{ key: `signup:client:${clientKey(ip)}`, max: 10, windowSeconds: 3600 }];
}

/**
 * Inserts the company and its first admin, inside the caller's transaction. Every billing field (status,
 * trial end, seats, prices) is set here from the seat counts and shared pricing; nothing billing-related
 * comes from the browser. The one place an account is created from a signup: the e-mailed link's
 * confirmation, and the immediate signup of a server whose e-mail is switched off.
 */
export async function insertSignedUpCompany(trx: Database, details: SignupDetails, now: Date): Promise<SignupResult> {
  if (await findAccountIdByEmail(trx, details.email)) throw conflict(MESSAGES.emailTaken, 'email');
  const company = await createTrialCompany(
    trx,
    {
      name: details.companyName,
      domain: details.companyDomain,
      billing: details.billing,
      adminSeats: details.adminSeats,
      brokerSeats: details.brokerSeats,
      ...(details.addons && { addons: details.addons }),
    },
    now,
  );
  // The creator is the account owner (design.md §3): an admin with the seats and subscription as well.
  const scope = systemScope('system:signup', company.id);
  const userId = await insertCompanyOwner(trx, scope, { fullName: details.fullName, email: details.email });
  await insertCredentials(trx, userId, details.passwordHash);
  return { companyId: company.id, userId, trialEndsAt: company.trialEndsAt };
}

/** Runs a signup's transaction; two signups racing past its checks meet the unique indexes, told in words. */
export async function withSignupConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'companies_name_unique')) throw conflict(MESSAGES.companyTaken, 'companyName');
    if (isUniqueViolation(err, 'user_profiles_email_unique')) throw conflict(MESSAGES.emailTaken, 'email');
    throw err;
  }
}

/**
 * Signs a company up at once with a known password, without the e-mailed link: for tests and benchmarks that need
 * companies quickly. No procedure calls it (issue 30: an account on an address is set up by its mailbox's holder).
 */
export async function signUpCompany(
  db: Database,
  input: OwnerSignupInput,
  meta: Omit<SignupDeps, 'now'> & { now?: Date },
): Promise<SignupResult> {
  const now = meta.now ?? new Date();
  await enforce(db, signupLimits(meta.ip));
  const { password, ...rest } = input;
  const passwordHash = await hashPassword(password, clientKey(meta.ip));
  return withSignupConflicts(() =>
    db.transaction().execute((trx) => insertSignedUpCompany(trx, { ...rest, passwordHash }, now)),
  );
}
