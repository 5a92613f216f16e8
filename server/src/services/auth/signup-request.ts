import { MESSAGES, SIGNUP_LINK_HOURS, type SignupInput, signupSentMessage } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { badRequest, conflict } from '../../errors';
import { enqueueEmail } from '../email/outbox';
import { signupConfirmEmail, signupExistingAccountEmail } from '../email/signup-emails';
import { hashPassword } from './passwords';
import { clientKey, enforce } from './rate-limit';
import {
  companyNameTaken,
  insertSignedUpCompany,
  type SignupDeps,
  type SignupResult,
  signupLimits,
  withSignupConflicts,
} from './signup';
import { hashToken, newToken } from './tokens';

/**
 * Verify-first signup (issue 19: identical answers wherever an address is typed). The wizard's answers are
 * kept with a hashed token and one e-mail goes to the address: the confirmation link when it is new, a 'you
 * already have an account' note when it is not. The form's answer is the same words either way, and so
 * that its timing does not tell either, both paths run the same statements: the password is hashed, both
 * e-mails rendered, the request row and one outbox row written. The company, owner and trial exist only once
 * the link is opened (confirmSignup).
 */
export async function requestSignup(
  db: Database,
  input: SignupInput,
  meta: SignupDeps & { publicUrl: string },
): Promise<{ message: string }> {
  await enforce(db, [
    ...signupLimits(meta.ip),
    // However many clients ask, one inbox gets at most a few of these an hour.
    { key: `signup:email:${input.email}`, max: 5, windowSeconds: 3600 },
  ]);
  // A company's name is not an address: the wizard sends the person back to step 1 at once rather than after
  // the e-mail (checked again when the link is opened).
  if (await companyNameTaken(db, input.companyName)) throw conflict(MESSAGES.companyTaken, 'companyName');
  const passwordHash = await hashPassword(input.password, clientKey(meta.ip));
  const token = newToken();
  // The token travels in the URL's hash, so it never reaches a server log or a Referer header.
  const confirmUrl = `${meta.publicUrl}/signup/confirm#token=${token}`;
  const fresh = signupConfirmEmail({
    fullName: input.fullName,
    companyName: input.companyName,
    confirmUrl,
    validHours: SIGNUP_LINK_HOURS,
  });
  const existing = signupExistingAccountEmail({ signInUrl: `${meta.publicUrl}/login` });
  await db.transaction().execute(async (trx) => {
    // A newer request ends the address's older links (and this is where stale rows go).
    await trx
      .deleteFrom('signup_requests')
      .where((eb) => eb.or([eb('email', '=', input.email), eb('expires_at', '<', meta.now)]))
      .execute();
    const account = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    await trx
      .insertInto('signup_requests')
      .values({
        token_hash: hashToken(token),
        email: input.email,
        company_name: input.companyName,
        company_domain: input.companyDomain,
        full_name: input.fullName,
        password_hash: passwordHash,
        billing_period: input.billing,
        admin_seats: input.adminSeats,
        broker_seats: input.brokerSeats,
        company_finder: input.addons?.companyFinder ?? false,
        client_data: input.addons?.clientData ?? false,
        created_at: meta.now,
        expires_at: new Date(meta.now.getTime() + SIGNUP_LINK_HOURS * 3_600_000),
      })
      .execute();
    await enqueueEmail(trx, {
      to: input.email,
      template: account ? 'signup_existing_account' : 'signup_confirm',
      email: account ? existing : fresh,
    });
  });
  return { message: signupSentMessage(input.email) };
}

/**
 * Opens the e-mailed link: claims the request (once; an expired or used link is refused) and creates the
 * company, its owner and the 60-day trial from it, starting now. A company name taken meanwhile leaves the
 * link unused, so the person can choose another name and confirm again.
 */
export async function confirmSignup(
  db: Database,
  input: { token: string; companyName?: string | undefined },
  meta: SignupDeps,
): Promise<SignupResult> {
  // A token is 256 random bits: this only stops a client hammering the database.
  await enforce(db, [{ key: `signup-link:client:${clientKey(meta.ip)}`, max: 30, windowSeconds: 3600 }]);
  return withSignupConflicts(() =>
    db.transaction().execute(async (trx) => {
      const request = await trx
        .updateTable('signup_requests')
        .set({ used_at: meta.now })
        .where('token_hash', '=', hashToken(input.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', meta.now)
        .returningAll()
        .executeTakeFirst();
      if (!request) throw badRequest(MESSAGES.invalidSignupLink);
      return insertSignedUpCompany(
        trx,
        {
          companyName: input.companyName ?? request.company_name,
          companyDomain: request.company_domain,
          fullName: request.full_name,
          email: request.email,
          passwordHash: request.password_hash,
          billing: request.billing_period === 'annual' ? 'annual' : 'monthly',
          adminSeats: request.admin_seats,
          brokerSeats: request.broker_seats,
          addons: { companyFinder: request.company_finder, clientData: request.client_data },
        },
        meta.now,
      );
    }),
  );
}

/** Whether a sign-up link can still be used (for the confirmation page, before it asks anything). */
export async function isSignupLinkUsable(db: Database, { token }: { token: string }, meta: SignupDeps) {
  await enforce(db, [{ key: `signup-link:client:${clientKey(meta.ip)}`, max: 30, windowSeconds: 3600 }]);
  const row = await db
    .selectFrom('signup_requests')
    .select('company_name')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', meta.now)
    .executeTakeFirst();
  return { valid: Boolean(row), companyName: row?.company_name ?? null };
}
