/**
 * Companies and invitations for the invitations-*.test.ts files and join.test.ts: companies are created directly
 * (as signup does, through createTrialCompany) so a file can make many without meeting signup's per-client limit.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTrialCompany } from '../../core/src/services/company/create';
import { addMember, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';

export const DAY = 86_400_000;

/**
 * One app for the test file (its own database), with the clock put back after each test, since tests move it to
 * see links expire. Tests read `app.h` and `app.realNow` once the file's set-up has run.
 */
export function invitationsTestApp(): { h: TestApp; realNow: Date } {
  const app = { h: undefined as unknown as TestApp, realNow: new Date(0) };
  beforeAll(async () => {
    app.h = await startTestApp();
    app.realNow = app.h.clock.now;
  });
  afterEach(() => {
    app.h.clock.now = app.realNow;
  });
  afterAll(() => app.h.close());
  return app;
}

/** The company's invitations, oldest first. */
export async function invitationRows(h: TestApp, companyId: string) {
  return h.t.db
    .selectFrom('invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
}

/** Makes the company's invitations to `email` as if sent `ms` ago (members' sessions need the clock where it is). */
export async function sentAgo(h: TestApp, companyId: string, email: string, ms: number) {
  await h.t.db
    .updateTable('invitations')
    .set((eb) => ({
      created_at: sql`${eb.ref('created_at')} - make_interval(secs => ${ms / 1000})`,
      sent_at: sql`${eb.ref('sent_at')} - make_interval(secs => ${ms / 1000})`,
      expires_at: sql`${eb.ref('expires_at')} - make_interval(secs => ${ms / 1000})`,
    }))
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .execute();
}

export interface TestCompany {
  id: string;
  name: string;
  adminEmail: string;
  admin: TestClient;
}

/** A trial company named `slug`, with `admin@<slug>.test` as its signed-in admin. */
export async function newCompany(
  h: TestApp,
  slug: string,
  seats: { adminSeats: number; brokerSeats: number },
): Promise<TestCompany> {
  const name = `${slug} FX`;
  const { id } = await createTrialCompany(
    h.t.db,
    { name, domain: `${slug}.test`, billing: 'monthly', ...seats },
    h.clock.now,
  );
  const adminEmail = `admin@${slug}.test`;
  await addMember(h, name, adminEmail, 'admin');
  await h.t.db.updateTable('user_profiles').set({ full_name: 'Ada Admin' }).where('email', '=', adminEmail).execute();
  return { id, name, adminEmail, admin: await signedIn(h, adminEmail, 'admin') };
}

/** The newest invitation e-mail to `email` in the outbox. */
export async function invitationMail(h: TestApp, email: string) {
  return h.t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'invitation')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The join link of the newest invitation e-mailed to `email`, and its token. */
export async function joinLink(h: TestApp, email: string): Promise<{ url: string; token: string }> {
  const mail = await invitationMail(h, email);
  const match = /(\S+\/join\?token=([A-Za-z0-9_-]+))/.exec(mail.text_body);
  if (!match?.[1] || !match[2]) throw new Error(`no join link in the e-mail to ${email}`);
  return { url: match[1], token: match[2] };
}

/** Invites `email` as `role` from `company` and returns the e-mailed token. */
export async function invite(
  h: TestApp,
  company: TestCompany,
  email: string,
  role: 'admin' | 'broker' = 'broker',
): Promise<string> {
  const res = await company.admin.api.invitations.send.mutate({ role, emails: [email] });
  if (!res.sent.includes(email)) throw new Error(`${email} was not invited: ${JSON.stringify(res.refused)}`);
  return (await joinLink(h, email)).token;
}

export const NEW_PASSWORD = 'joining-pass-123';

export function acceptInput(token: string, firstName = 'Nina') {
  return { token, firstName, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
}
