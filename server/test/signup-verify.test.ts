/**
 * Verify-first signup (issue 19: identical answers wherever an address is typed). The wizard's answer is the
 * same for a new and a registered address; the e-mail tells the owner which it was; only the link creates
 * the company, its owner and the trial.
 */
import type { DB } from '@pippitch/sql';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestSignup } from '../src/services/auth/signup-request';
import { errorOf, signUp, signupInput, signupLinkToken, startTestApp, type TestApp } from './helpers';

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
async function submit(input: ReturnType<typeof signupInput>) {
  const res = await fetch(`${h.url}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: h.url },
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
      "Check your inbox: we've sent a link to <address>. Open it within 24 hours to start your free trial.",
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

  it('still sends a taken company name back at once (a name is not an address)', async () => {
    const err = await errorOf(
      h.client().api.auth.signup.mutate(signupInput({ companyName: ' ACME fx ', email: 'x@y.io' })),
    );
    expect(err.message).toBe('A company with this name already exists. Please use a different company name.');
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
    expect(await c.api.auth.checkSignupLink.query({ token })).toEqual({ valid: true, companyName: 'Link Ltd' });
    // Opened three hours later: the trial runs from then.
    h.clock.now = new Date(h.clock.now.getTime() + 3 * 3_600_000);
    const done = await c.api.auth.confirmSignup.mutate({ token });
    expect(done.redirectTo).toBe('/signup-success');
    expect(new Date(done.trialEndsAt).getTime() - h.clock.now.getTime()).toBe(60 * 86_400_000);
    const session = await c.api.auth.session.query();
    expect(session).toMatchObject({ user: { email: 'l@link.io', role: 'super_admin' }, company: { name: 'Link Ltd' } });
    // Once only.
    expect((await errorOf(h.client().api.auth.confirmSignup.mutate({ token }))).message).toBe(INVALID_LINK);
    expect(await c.api.auth.checkSignupLink.query({ token })).toEqual({ valid: false, companyName: null });
  });

  it('expires after 24 hours, and a newer request ends the older link', async () => {
    const email = 'twice@link.io';
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Twice Ltd', email }));
    const first = await signupLinkToken(h.t.db, email);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Twice Ltd', email }));
    const second = await signupLinkToken(h.t.db, email);
    expect(second).not.toBe(first);
    expect((await errorOf(h.client().api.auth.confirmSignup.mutate({ token: first }))).message).toBe(INVALID_LINK);
    h.clock.now = new Date(h.clock.now.getTime() + 24 * 3_600_000 + 1000);
    expect((await errorOf(h.client().api.auth.confirmSignup.mutate({ token: second }))).message).toBe(INVALID_LINK);
    expect(await companies()).not.toContain('Twice Ltd');
  });

  it('asks for another company name when its own was taken meanwhile, and the link still works', async () => {
    await h.client().api.auth.signup.mutate(signupInput({ companyName: 'Race Ltd', email: 'slow@race.io' }));
    await signUp(h.t.db, h.client(), signupInput({ companyName: 'Race Ltd', email: 'fast@race.io' }));
    const token = await signupLinkToken(h.t.db, 'slow@race.io');
    const c = h.client();
    expect((await errorOf(c.api.auth.confirmSignup.mutate({ token }))).message).toBe(
      'A company with this name already exists. Please use a different company name.',
    );
    await c.api.auth.confirmSignup.mutate({ token, companyName: 'Race Two Ltd' });
    expect((await c.api.auth.session.query())?.company.name).toBe('Race Two Ltd');
  });

  it('refuses nonsense without a 500', async () => {
    for (const token of ['', 'short', 'x'.repeat(300), 'a'.repeat(43)]) {
      const err = await errorOf(h.client().api.auth.confirmSignup.mutate({ token }));
      expect(err).toEqual({ message: INVALID_LINK, code: 'BAD_REQUEST' });
    }
  });
});

describe('a server with e-mail switched off', () => {
  it('cannot send a link, so it creates the company and signs in at once', async () => {
    const off = await startTestApp({ emailDisabled: true });
    try {
      const c = off.client();
      const res = await c.api.auth.signup.mutate(signupInput());
      expect(res).toMatchObject({ status: 'signed-in', redirectTo: '/signup-success' });
      expect((await c.api.auth.session.query())?.user.email).toBe('ada@acmefx.co.uk');
    } finally {
      await off.close();
    }
  });
});
