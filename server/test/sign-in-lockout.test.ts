/**
 * Issue 30 §2, §3: an owner nobody can lock out. OWASP's device cookies: a browser where the member signed in before
 * is judged by its own failures only; every other client shares a stricter count per address, and a member locked
 * out on a new browser is e-mailed a link that makes it a known device. Clients are told apart by X-Forwarded-For
 * from a trusted proxy (TRUST_PROXY=1), as in production; each client here has its own cookie jar.
 */
import { availableParallelism } from 'node:os';
import { MESSAGES } from '@pippitch/shared/auth';
import { UNLOCK_MESSAGES } from '@pippitch/shared/sign-in-unlock';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashQueue, hashQueueSize } from '../../core/src/services/auth/hash-queue';
import type { AppRouter } from '../src/api/trpc/router';
import { addMember, errorOf, STRONG_PASSWORD, signUp, signupInput, startTestApp, type TestApp } from './helpers';

const OWNER = 'ada@acmefx.co.uk';
const TOO_MANY = { message: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' };
const WRONG = { message: MESSAGES.invalidCredentials, code: 'UNAUTHORIZED' };

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp({ trustProxy: 1 });
  await signUp(h.t.db, h.client());
});
afterAll(() => h.close());

/** A browser at `ip` (as the trusted proxy reports it) with its own cookie jar. */
function browserAt(ip: string) {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', ip);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(eq + 1)) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const api = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${h.url}/trpc`, fetch: jarFetch })] });
  const signIn = (password = STRONG_PASSWORD, email = OWNER) =>
    api.auth.login.mutate({ email, password, mode: 'user' });
  return { api, cookies, signIn };
}

/** The token in the newest unlock e-mail to `email`. */
async function unlockToken(email: string): Promise<string> {
  const mail = await h.t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('template', '=', 'sign_in_unlock')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/unlock-sign-in#token=([\w-]+)/.exec(mail.text_body);
  if (!match?.[1]) throw new Error(`no unlock link in:\n${mail.text_body}`);
  return match[1];
}

describe('an owner nobody can lock out (issue 30 §2)', () => {
  it('12 addresses × 100 guesses: the owner signs in at once on a known browser, and with an unlock e-mail on a new one', async () => {
    const laptop = browserAt('198.51.100.10');
    await laptop.signIn();
    expect(laptop.cookies.get('pp_device')).toMatch(/^[0-9a-f-]{36}\.[\w-]+\.[\w-]+$/);

    // Twelve attackers at once, a hundred guesses each.
    const attackers = Array.from({ length: 12 }, (_, a) => browserAt(`203.0.113.${a + 1}`));
    const answers = await Promise.all(
      attackers.map(async (attacker, a) => {
        const codes: (string | undefined)[] = [];
        for (let i = 0; i < 100; i++) codes.push((await errorOf(attacker.signIn(`guess-${a}-${i}`))).code);
        return codes;
      }),
    );
    const codes = answers.flat();
    expect(codes).toHaveLength(1200);
    expect(codes.every((c) => c === 'UNAUTHORIZED' || c === 'TOO_MANY_REQUESTS')).toBe(true);
    // At most 20 guesses were checked from all unknown clients together (a busy refusal counts as a guess).
    expect(codes.filter((c) => c === 'UNAUTHORIZED').length).toBeLessThanOrEqual(20);

    // The owner's laptop, even from another address: at once.
    const moved = await laptop.signIn();
    expect(moved.redirectTo).toBe('/calculator');

    // A new browser is locked out with the rest of the unknown clients…
    const phone = browserAt('198.51.100.11');
    expect(await errorOf(phone.signIn())).toEqual(TOO_MANY);
    // …until the owner asks for the e-mail and opens its link there.
    expect(await phone.api.auth.requestSignInUnlock.mutate({ email: OWNER })).toEqual({
      message: UNLOCK_MESSAGES.sent,
    });
    const token = await unlockToken(OWNER);
    expect(await phone.api.auth.unlockSignIn.mutate({ token })).toEqual({ message: UNLOCK_MESSAGES.done });
    expect((await phone.signIn()).redirectTo).toBe('/calculator');
    // The link works once.
    expect(await errorOf(browserAt('198.51.100.12').api.auth.unlockSignIn.mutate({ token }))).toEqual({
      message: UNLOCK_MESSAGES.invalid,
      code: 'BAD_REQUEST',
    });
    // The attackers' browsers are still locked out, right password or not.
    expect(await errorOf(attackers[0]!.signIn())).toEqual(TOO_MANY);
  }, 300_000);

  it('asking for an unlock link says the same for any address, and sends nothing to an unknown one', async () => {
    const before = await h.t.db.selectFrom('email_outbox').select('id').execute();
    const stranger = browserAt('198.51.100.20');
    expect(await stranger.api.auth.requestSignInUnlock.mutate({ email: 'nobody@acmefx.co.uk' })).toEqual({
      message: UNLOCK_MESSAGES.sent,
    });
    expect(await h.t.db.selectFrom('email_outbox').select('id').execute()).toHaveLength(before.length);
    // Three links an hour per address at most: nobody can fill a member's inbox.
    const asker = browserAt('198.51.100.21');
    for (let i = 0; i < 3; i++) await asker.api.auth.requestSignInUnlock.mutate({ email: 'carol@acmefx.co.uk' });
    expect(await errorOf(asker.api.auth.requestSignInUnlock.mutate({ email: 'carol@acmefx.co.uk' }))).toEqual(TOO_MANY);
    expect((await errorOf(asker.api.auth.unlockSignIn.mutate({ token: 'not a token' }))).message).toBe(
      UNLOCK_MESSAGES.invalid,
    );
  });

  it('a known device is judged by its own failures only, and only for its member; a forged one is a stranger', async () => {
    const BEA = 'bea@acmefx.co.uk';
    await addMember(h, 'Acme FX', BEA, 'junior');
    const desk = browserAt('198.51.100.30');
    const tablet = browserAt('198.51.100.30');
    await desk.signIn(STRONG_PASSWORD, BEA);
    await tablet.signIn(STRONG_PASSWORD, BEA);
    for (let i = 0; i < 10; i++) expect(await errorOf(desk.signIn(`typo-${i}`, BEA))).toEqual(WRONG);
    // The desk's own count is full: even the right password waits there…
    expect(await errorOf(desk.signIn(STRONG_PASSWORD, BEA))).toEqual(TOO_MANY);
    // …while Bea's tablet, at the same address, is not touched.
    expect((await tablet.signIn(STRONG_PASSWORD, BEA)).redirectTo).toBe('/calculator');
    // Bea's device is nobody else's: signing in there as another member, it is counted as a stranger. (That member
    // is not the owner: the first test filled the owner's count for unknown clients, and this process remembers
    // such a refusal for two seconds, so an attempt as the owner could be refused before any count is taken.)
    const CY = 'cy@acmefx.co.uk';
    await addMember(h, 'Acme FX', CY, 'junior');
    const cyFromTablet = () =>
      h.t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', '=', `login:email-client:${CY}|198.51.100.30`)
        .execute();
    expect(await cyFromTablet()).toEqual([]);
    expect(await errorOf(tablet.signIn('wrong', CY))).toEqual(WRONG);
    expect(await cyFromTablet()).toHaveLength(1);

    // A cookie with its signature changed makes no known device: the failure is counted as a stranger's.
    const forged = browserAt('198.51.100.31');
    const real = tablet.cookies.get('pp_device')!;
    forged.cookies.set('pp_device', `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`);
    const strangers = () =>
      h.t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', '=', `login:email-client:${BEA}|198.51.100.31`)
        .execute();
    expect(await strangers()).toEqual([]);
    expect(await errorOf(forged.signIn('wrong', BEA))).toEqual(WRONG);
    expect(await strangers()).toHaveLength(1);
  });
});

describe('hashing stays fair under a flood (issue 30 §3)', () => {
  it("a busy refusal counts against its sender, and a known device's sign-in has room of its own", async () => {
    const member = 'flood-target@acmefx.co.uk';
    await signUp(
      h.t.db,
      h.client(),
      signupInput({ companyName: 'Busy FX', companyDomain: 'busyfx.co.uk', email: member }),
    );
    const laptop = browserAt('198.51.100.40');
    await laptop.signIn(STRONG_PASSWORD, member);

    // Strangers fill every running place and their whole lane (held open by the test, not by timing).
    let release!: () => void;
    const held = new Promise<void>((go) => {
      release = go;
    });
    const size = hashQueueSize(availableParallelism());
    const fillers = Array.from({ length: size.concurrency + size.maxWaiting }, (_, i) =>
      hashQueue.run(() => held, { client: `filler-${i}`, lane: 'unknown' }),
    );
    await expect(hashQueue.run(async () => 0, { client: 'one-more', lane: 'unknown' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // A stranger's sign-in is refused as busy, and the refusal is counted against it.
    const stranger = browserAt('198.51.100.41');
    expect(await errorOf(stranger.signIn('guess', member))).toEqual({
      message: MESSAGES.busy,
      code: 'TOO_MANY_REQUESTS',
    });
    const hits = await h.t.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.sum<number>('hits').as('n'))
      .where('key', '=', `login:email-client:${member}|198.51.100.41`)
      .executeTakeFirst();
    expect(Number(hits?.n)).toBe(1);

    // The member's laptop waits in its own lane, and is served as soon as a place frees.
    const signingIn = laptop.signIn(STRONG_PASSWORD, member);
    release();
    expect((await signingIn).redirectTo).toBe('/calculator');
    await Promise.all(fillers);
  });
});
