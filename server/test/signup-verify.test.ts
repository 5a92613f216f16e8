/**
 * Verify-first signup (issue 19: identical answers wherever an address is typed; issue 30: only the mailbox's
 * holder sets the account up). The wizard's answer is the same for a new and a registered address and for a
 * taken or free company name; the e-mail tells the owner which it was; only the link's page — where the password
 * and the company's name are chosen — creates the company, its owner and the trial.
 */

import { SIGNUP_LINK_PRINTED_NOTE, signupEmailDisabledMessage } from '@pippitch/shared/auth';
import type { DB } from '@pippitch/sql';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestSignup } from '../../core/src/services/auth/signup-request';
import {
  confirmInput,
  errorOf,
  STRONG_PASSWORD,
  signUp,
  signupInput,
  signupLinkToken,
  startTestApp,
  type TestApp,
} from './helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp({ publicUrl: 'https://app.pippitch.test' });
  await signUp(h.t.db, h.client(), signupInput());
});
afterAll(() => h.close());
// Several requests per address below: fresh counters for each test (5 an hour per address).
beforeEach(async () => {
  await h.t.db.deleteFrom('rate_limits').execute();
});

const INVALID_LINK = 'This sign-up link is invalid or has expired. Please sign up again.';
const companies = async () => (await h.t.db.selectFrom('companies').select('name').execute()).map((r) => r.name);
const mailsTo = (email: string) =>
  h.t.db
    .selectFrom('email_outbox')
    .select(['template', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();

/** The signup form over plain HTTP, with the address itself masked out of the answer. */
async function submit(input: ReturnType<typeof signupInput>, app: TestApp = h) {
  const res = await fetch(`${app.url}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.text()).replaceAll(input.email, '<address>') };
}

describe('the signup form', () => {
  it('answers byte for byte the same for a registered and a new address, and creates nothing yet', async () => {
    const before = await companies();
    const known = await submit(signupInput({ companyName: 'Probe One', companyDomain: 'probe.io' }));
    const unknown = await submit(
      signupInput({ companyName: 'Probe Two', companyDomain: 'probe.io', email: 'nobody-yet@probe.io' }),
    );
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    expect(JSON.parse(unknown.body).result.data.message).toBe(
      `Check your inbox: we've sent a link to <address>. Open it within 24 hours to start your free trial. ${SIGNUP_LINK_PRINTED_NOTE}`,
    );
    expect(await companies()).toEqual(before);
    expect(
      await h.t.db.selectFrom('user_profiles').select('id').where('email', '=', 'nobody-yet@probe.io').execute(),
    ).toEqual([]);
  });

  it('mails the new address its link and the registered one a note with no link', async () => {
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Mail One', email: 'fresh@mail.io' }));
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Mail Two' }));
    const fresh = await mailsTo('fresh@mail.io');
    expect(fresh.map((m) => m.template)).toEqual(['signup_confirm']);
    expect(fresh[0]?.text_body).toMatch(/https:\/\/app\.pippitch\.test\/signup\/confirm#token=[\w-]{43}/);
    // Ada's own signup (at the start) had the link; every signup since with her address gets the note.
    const [own, ...since] = (await mailsTo('ada@acmefx.co.uk')).filter((m) => m.template.startsWith('signup'));
    expect(own?.template).toBe('signup_confirm');
    expect(since.length).toBeGreaterThan(0);
    for (const note of since) {
      expect(note.template).toBe('signup_existing_account');
      expect(note.text_body).toContain('already belongs to a PipPitch account');
      expect(note.text_body).toContain('https://app.pippitch.test/login');
      expect(note.text_body).not.toContain('/signup/confirm');
    }
  });

  it('runs the same statements for a registered and a new address (no timing difference to measure)', async () => {
    const statements: string[] = [];
    const recorded = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: h.t.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    const meta = { ip: '192.0.2.50', now: h.clock.now, publicUrl: 'https://app.pippitch.test' };
    await requestSignup(recorded, signupInput({ companyName: 'Timing One' }), meta);
    const known = statements.splice(0);
    await requestSignup(recorded, signupInput({ companyName: 'Timing Two', email: 'timing@new.io' }), meta);
    const unknown = statements.splice(0);
    expect(unknown).toEqual(known);
    expect(known.some((q) => /insert into "signup_requests"/i.test(q))).toBe(true);
    expect(known.some((q) => /insert into "email_outbox"/i.test(q))).toBe(true);
  });

  it("answers a taken company name like a free one: the name is decided on the link's page", async () => {
    const taken = await submit(signupInput({ companyName: ' ACME fx ', email: 'x@y.io' }));
    const free = await submit(signupInput({ companyName: 'Nobody Has This Ltd', email: 'x@y.io' }));
    expect(taken.status).toBe(200);
    expect(taken).toEqual(free);
  });

  it('limits one inbox to 5 an hour, in the same words for a registered and a new address', async () => {
    const flood = async (email: string) => {
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        // From different clients, so only the address's own limit can bite.
        const meta = { ip: `203.0.113.${i}`, now: h.clock.now, publicUrl: h.config.publicUrl };
        const input = signupInput({ companyName: `Flood ${i}`, email });
        answers.push(
          await requestSignup(h.t.db, input, meta).then(
            (r) => r.message.replaceAll(email, '<address>'),
            (e: Error) => e.message,
          ),
        );
      }
      return answers;
    };
    const known = await flood('ada@acmefx.co.uk');
    const unknown = await flood('flood@new.io');
    expect(known).toEqual(unknown);
    expect(known.at(-1)).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});

describe('the link', () => {
  it('creates the company, its owner and a 60-day trial from the moment it is opened, and signs in', async () => {
    const c = h.client();
    await c.api.auth.signup.mutate(
      signupInput({ companyName: 'Link Ltd', companyDomain: 'link.io', email: 'l@link.io' }),
    );
    const token = await signupLinkToken(h.t.db, 'l@link.io');
    expect(await c.api.auth.checkSignupLink.query({ token })).toEqual({
      valid: true,
      companyName: 'Link Ltd',
      email: 'l@link.io',
    });
    // Opened three hours later: the trial runs from then.
    h.clock.now = new Date(h.clock.now.getTime() + 3 * 3_600_000);
    const done = await c.api.auth.confirmSignup.mutate(confirmInput(token, { companyName: 'Link Ltd' }));
    expect(done.redirectTo).toBe('/signup-success');
    expect(new Date(done.trialEndsAt).getTime() - h.clock.now.getTime()).toBe(60 * 86_400_000);
    const session = await c.api.auth.session.query();
    expect(session).toMatchObject({ user: { email: 'l@link.io', role: 'super_admin' }, company: { name: 'Link Ltd' } });
    // Once only.
    expect((await errorOf(h.client().api.auth.confirmSignup.mutate(confirmInput(token)))).message).toBe(INVALID_LINK);
    expect(await c.api.auth.checkSignupLink.query({ token })).toEqual({ valid: false, companyName: null, email: null });
  });

  it('expires after 24 hours; a newer request ends no older link', async () => {
    const email = 'twice@link.io';
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Twice Ltd', email }));
    const first = await signupLinkToken(h.t.db, email);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Twice Ltd', email }));
    const second = await signupLinkToken(h.t.db, email);
    expect(second).not.toBe(first);
    expect(await h.client().api.auth.checkSignupLink.query({ token: first })).toMatchObject({ valid: true });
    h.clock.now = new Date(h.clock.now.getTime() + 24 * 3_600_000 + 1000);
    for (const token of [first, second]) {
      expect((await errorOf(h.client().api.auth.confirmSignup.mutate(confirmInput(token)))).message).toBe(INVALID_LINK);
    }
    expect(await companies()).not.toContain('Twice Ltd');
  });

  it('asks for another company name when its own was taken meanwhile, and the link still works', async () => {
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Race Ltd', email: 'slow@race.io' }));
    await signUp(h.t.db, h.client(), signupInput({ companyName: 'Race Ltd', email: 'fast@race.io' }));
    const token = await signupLinkToken(h.t.db, 'slow@race.io');
    const c = h.client();
    expect(
      (await errorOf(c.api.auth.confirmSignup.mutate(confirmInput(token, { companyName: 'race ltd ' })))).message,
    ).toBe('A company with this name already exists. Please use a different company name.');
    await c.api.auth.confirmSignup.mutate(confirmInput(token, { companyName: 'Race Two Ltd' }));
    expect((await c.api.auth.session.query())?.company.name).toBe('Race Two Ltd');
  });

  it('refuses nonsense without a 500', async () => {
    for (const token of ['', 'short', 'x'.repeat(300), 'a'.repeat(43)]) {
      const err = await errorOf(h.client().api.auth.confirmSignup.mutate(confirmInput(token)));
      expect(err).toEqual({ message: INVALID_LINK, code: 'BAD_REQUEST' });
    }
  });
});

describe("the link's page chooses the password (issue 30)", () => {
  const VICTIM_PASSWORD = 'Victim-owns1!';
  const ATTACKER_PASSWORD = 'Attacker-guess1!';
  const login = (email: string, password: string) =>
    h.client().api.auth.login.mutate({ email, password, mode: 'admin' });

  /** Victim asks, then an attacker asks with the victim's address and a password of their own. */
  async function preHijack(email: string) {
    await h.client().api.auth.signup.mutate(signupInput({ companyName: `Victim ${email}`, email }));
    // An older page (or a script) still sends a password: it is dropped unread.
    const attack = { ...signupInput({ companyName: `Evil ${email}`, email }), password: ATTACKER_PASSWORD };
    const res = await fetch(`${h.url}/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: h.url, 'x-forwarded-for': '203.0.113.66' },
      body: JSON.stringify(attack),
    });
    expect(res.status).toBe(200);
    const links = await mailsTo(email);
    const tokens = links.map((m) => /\/signup\/confirm#token=([\w-]+)/.exec(m.text_body)?.[1]);
    expect(tokens).toHaveLength(2);
    return { victimLink: tokens[0] as string, attackerLink: tokens[1] as string };
  }

  for (const opened of ['victimLink', 'attackerLink'] as const) {
    it(`never lets the attacker's password sign in when the victim opens the ${opened === 'victimLink' ? "victim's own" : "attacker's"} link`, async () => {
      const email = `owner-${opened.toLowerCase()}@hijack.io`;
      const links = await preHijack(email);
      const c = h.client();
      await c.api.auth.confirmSignup.mutate(
        confirmInput(links[opened], { password: VICTIM_PASSWORD, companyName: `Victim Co ${opened}` }),
      );
      expect(await c.api.auth.session.query()).toMatchObject({
        user: { email, role: 'super_admin' },
        company: { name: `Victim Co ${opened}` },
      });
      expect(await errorOf(login(email, ATTACKER_PASSWORD))).toEqual({
        message: 'Invalid login credentials',
        code: 'UNAUTHORIZED',
      });
      expect((await login(email, VICTIM_PASSWORD)).role).toBe('super_admin');
      // The other link makes no second account and changes no password.
      const other = opened === 'victimLink' ? links.attackerLink : links.victimLink;
      const again = await errorOf(
        h
          .client()
          .api.auth.confirmSignup.mutate(confirmInput(other, { password: ATTACKER_PASSWORD, companyName: 'Other' })),
      );
      expect(again.message).toBe('This email is already registered. Please use a different email or sign in.');
      expect(await errorOf(login(email, ATTACKER_PASSWORD))).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(await companies()).not.toContain('Other');
    });
  }

  it('stores no password with a request', async () => {
    const columns = await h.t.db
      .selectFrom('information_schema.columns' as never)
      .select('column_name' as never)
      .where('table_name' as never, '=', 'signup_requests' as never)
      .execute();
    expect(columns.map((c) => (c as { column_name: string }).column_name)).not.toContain('password_hash');
  });

  it('holds the password to the signup rule and to its confirmation', async () => {
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Rule Ltd', email: 'rule@pw.io' }));
    const token = await signupLinkToken(h.t.db, 'rule@pw.io');
    const c = h.client();
    expect((await errorOf(c.api.auth.confirmSignup.mutate(confirmInput(token, { password: 'short' })))).message).toBe(
      'Password must be at least 8 characters long',
    );
    const differ = { ...confirmInput(token, { companyName: 'Rule Ltd' }), confirmPassword: `${STRONG_PASSWORD}x` };
    expect((await errorOf(c.api.auth.confirmSignup.mutate(differ))).message).toBe('Passwords do not match');
    // Neither refusal used the link.
    expect(await c.api.auth.checkSignupLink.query({ token })).toMatchObject({ valid: true });
  });
});

describe('the same answer in every configuration', () => {
  /** A registered address, a taken company name and a fresh pair: the three answers of one server. */
  async function answers(app: TestApp) {
    await app.t.db.deleteFrom('rate_limits').execute();
    await signUp(app.t.db, app.client(), signupInput({ companyName: 'Taken Name Ltd', email: 'own@taken.io' }));
    await app.t.db.deleteFrom('rate_limits').execute();
    return Promise.all([
      submit(signupInput({ companyName: 'Fresh One', email: 'own@taken.io' }), app),
      submit(signupInput({ companyName: 'taken name ltd', email: 'new1@fresh.io' }), app),
      submit(signupInput({ companyName: 'Fresh Two', email: 'new2@fresh.io' }), app),
    ]);
  }

  it('with SMTP configured, without it, and in production with e-mail switched off', async () => {
    const smtp = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:2525' });
    const off = await startTestApp({ env: 'production', emailDisabled: true, smtpUrl: undefined });
    try {
      for (const [app, printed] of [
        [h, true],
        [smtp, false],
      ] as const) {
        const [taken, takenName, fresh] = await answers(app);
        expect(fresh.status).toBe(200);
        expect(taken).toEqual(fresh);
        expect(takenName).toEqual(fresh);
        // Without SMTP outside production the link is printed where the server runs, and the answer says so.
        const sent =
          "Check your inbox: we've sent a link to <address>. Open it within 24 hours to start your free trial.";
        expect(JSON.parse(fresh.body).result.data).toEqual({
          emailed: true,
          message: printed ? `${sent} ${SIGNUP_LINK_PRINTED_NOTE}` : sent,
        });
      }
      const [taken, takenName, fresh] = await answers(off);
      expect(taken).toEqual(fresh);
      expect(takenName).toEqual(fresh);
      expect(JSON.parse(fresh.body).result.data).toEqual({ emailed: false, message: signupEmailDisabledMessage() });
      // No e-mail leaves, but the request is kept: the operator can pass its link on from the outbox.
      const token = await signupLinkToken(off.t.db, 'new2@fresh.io');
      await off.client().api.auth.confirmSignup.mutate(confirmInput(token, { companyName: 'Fresh Two' }));
      expect(
        await off.t.db.selectFrom('companies').select('name').where('name', '=', 'Fresh Two').execute(),
      ).toHaveLength(1);
    } finally {
      await smtp.close();
      await off.close();
    }
  });
});
