import {
  type ConfirmSignupInput,
  MESSAGES,
  SIGNUP_LINK_HOURS,
  SIGNUP_LINK_PRINTED_NOTE,
  type SignupInput,
  signupEmailDisabledMessage,
  signupSentMessage,
} from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { findAccountIdByEmail } from '../../queries/sessions/accounts';
import {
  claimSignupRequest,
  deleteExpiredSignupRequests,
  findOpenSignupRequest,
  insertSignupRequest,
} from '../../queries/sessions/signup-requests';
import { enqueueEmail } from '../email/outbox';
import { signupConfirmEmail, signupExistingAccountEmail } from '../email/signup-emails';
import { hashPassword } from './passwords';
import { clientKey, enforce, type Limit } from './rate-limit';
import { insertSignedUpCompany, type SignupDeps, type SignupResult, signupLimits, withSignupConflicts } from './signup';
import { hashToken, newToken } from './tokens';

/**
 * Verify-first signup (issue 19: identical answers wherever an address is typed; issue 30: only the mailbox's
 * holder sets the account up). The wizard's answers are kept with a hashed token and one e-mail goes to the
 * address: the confirmation link when it is new, a 'you already have an account' note when it is not. No
 * password is asked here and no company name is checked here: both are decided on the page the link opens, so a
 * stranger typing someone's address chooses nothing of the account, and the answer cannot tell a taken name or a
 * taken address from a fresh one. Each request stands on its own until it is used or expires: a later request
 * for the same address (anyone's) ends none of the earlier links. Both paths run the same statements (the
 * e-mails both rendered, one request row and one outbox row written), so timing does not tell either.
 */
export async function requestSignup(
  db: Database,
  input: SignupInput,
  meta: SignupDeps & { publicUrl: string; emailDisabled?: boolean; linkPrinted?: boolean },
): Promise<{ message: string }> {
  await enforce(db, [
    ...signupLimits(meta.ip),
    // However many clients ask, one inbox gets at most a few of these an hour (and so holds a few live links).
    { key: `signup:email:${input.email}`, max: 5, windowSeconds: 3600 },
  ]);
  const token = newToken();
  // The token travels in the URL's hash, so it never reaches a server log or a Referer header.
  const confirmUrl = `${meta.publicUrl}/signup/confirm#token=${token}`;
  const fresh = signupConfirmEmail({ confirmUrl, validHours: SIGNUP_LINK_HOURS });
  const existing = signupExistingAccountEmail({ signInUrl: `${meta.publicUrl}/login` });
  await db.transaction().execute(async (trx) => {
    // Only stale rows go; an address's other open requests stay usable by whoever holds their links.
    await deleteExpiredSignupRequests(trx, meta.now);
    const account = await findAccountIdByEmail(trx, input.email);
    await insertSignupRequest(trx, {
      tokenHash: hashToken(token),
      email: input.email,
      companyName: input.companyName,
      companyDomain: input.companyDomain,
      fullName: input.fullName,
      billingPeriod: input.billing,
      adminSeats: input.adminSeats,
      brokerSeats: input.brokerSeats,
      companyFinder: input.addons?.companyFinder ?? false,
      clientData: input.addons?.clientData ?? false,
      createdAt: meta.now,
      expiresAt: new Date(meta.now.getTime() + SIGNUP_LINK_HOURS * 3_600_000),
    });
    await enqueueEmail(trx, {
      to: input.email,
      template: account ? 'signup_existing_account' : 'signup_confirm',
      email: account ? existing : fresh,
    });
  });
  // With e-mail switched off the request is kept all the same (the operator can pass its link on from the
  // outbox, docs/operations.md), and the answer says no e-mail is coming — the same words for every address.
  // Outside production without SMTP the link is printed where the server runs (issue 31 §6): said, or a developer
  // waits for an e-mail that never comes.
  if (meta.emailDisabled) return { message: signupEmailDisabledMessage() };
  const sent = signupSentMessage(input.email);
  return { message: meta.linkPrinted ? `${sent} ${SIGNUP_LINK_PRINTED_NOTE}` : sent };
}

/** Checking or using a sign-up link: a token is 256 random bits, so this only stops a client hammering the database. */
function linkLimits(ip: string): Limit[] {
  return [{ key: `signup-link:client:${clientKey(ip)}`, max: 30, windowSeconds: 3600 }];
}

function openRequest(db: Database, token: string, now: Date) {
  return findOpenSignupRequest(db, hashToken(token), now);
}

/**
 * The page the e-mailed link opens: claims the request (once; an expired or used link is refused) and creates the
 * company, its owner with the password typed on that page, and the 60-day trial, starting now. The company's name
 * is the one sent with the password (the page prefills the wizard's); a name taken by then rolls everything back
 * and leaves the link usable, so the holder can choose another.
 */
export async function confirmSignup(db: Database, input: ConfirmSignupInput, meta: SignupDeps): Promise<SignupResult> {
  await enforce(db, linkLimits(meta.ip));
  // No argon2 for a link that cannot be used (a guessed token costs one indexed read).
  if (!(await openRequest(db, input.token, meta.now))) throw badRequest(MESSAGES.invalidSignupLink);
  const passwordHash = await hashPassword(input.password, clientKey(meta.ip));
  return withSignupConflicts(() =>
    db.transaction().execute(async (trx) => {
      const request = await claimSignupRequest(trx, hashToken(input.token), meta.now);
      if (!request) throw badRequest(MESSAGES.invalidSignupLink);
      return insertSignedUpCompany(
        trx,
        {
          companyName: input.companyName,
          companyDomain: request.companyDomain,
          fullName: request.fullName,
          email: request.email,
          passwordHash,
          billing: request.billingPeriod === 'annual' ? 'annual' : 'monthly',
          adminSeats: request.adminSeats,
          brokerSeats: request.brokerSeats,
          addons: { companyFinder: request.companyFinder, clientData: request.clientData },
        },
        meta.now,
      );
    }),
  );
}

/** For the confirmation page, before it asks anything: can the link still be used, with which proposed name? */
export async function isSignupLinkUsable(db: Database, { token }: { token: string }, meta: SignupDeps) {
  await enforce(db, linkLimits(meta.ip));
  const row = await openRequest(db, token, meta.now);
  return { valid: Boolean(row), companyName: row?.companyName ?? null, email: row?.email ?? null };
}
