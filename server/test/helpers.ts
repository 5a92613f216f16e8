import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { type Config, testConfig } from '../../core/src/config';
import { hashPassword } from '../../core/src/services/auth/passwords';
import { signUpCompany } from '../../core/src/services/auth/signup';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildApp } from '../src/api/app';
import type { AppRouter } from '../src/api/trpc/router';
import type { ServerDeps } from '../src/deps';

export interface TestApp {
  t: TestDatabase;
  app: FastifyInstance;
  url: string;
  config: Config;
  clock: { now: Date };
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestClient {
  api: TRPCClient<AppRouter>;
  cookies: Map<string, string>;
}

/** The real app on a real port, over its own fresh database, with a clock tests can move. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  extra: Partial<ServerDeps> | ((t: TestDatabase) => Partial<ServerDeps>) = {},
): Promise<TestApp> {
  const t = await createTestDatabase();
  const clock = { now: new Date() };
  const config = testConfig({ databaseUrl: t.url, ...overrides });
  const given = typeof extra === 'function' ? extra(t) : extra;
  const app = await buildApp({
    config,
    db: t.db,
    serveWeb: false,
    deps: { now: () => clock.now, seriesCache: null, ...given },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    t,
    app,
    url,
    config,
    clock,
    client: () => createClient(url),
    async close() {
      await app.close();
      await t.drop();
    },
  };
}

export function createClient(baseUrl: string): TestClient {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  const api = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl}/trpc`, fetch: jarFetch })] });
  return { api, cookies };
}

export const STRONG_PASSWORD = 'Str0ng!pass';

export function signupInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme FX',
    companyDomain: 'acmefx.co.uk',
    fullName: 'Ada Admin',
    email: 'ada@acmefx.co.uk',
    password: STRONG_PASSWORD,
    billing: 'monthly' as const,
    adminSeats: 1,
    brokerSeats: 5,
    ...overrides,
  };
}

/** The token in the newest sign-up e-mail to `email` (verify-first signup: the link creates the account). */
export async function signupLinkToken(db: TestDatabase['db'], email: string): Promise<string> {
  const mail = await db
    .selectFrom('email_outbox')
    .select(['text_body', 'template'])
    .where('to_address', '=', email)
    .where('template', 'in', ['signup_confirm', 'signup_existing_account'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/signup\/confirm#token=([\w-]+)/.exec(mail.text_body);
  if (!match?.[1]) throw new Error(`no sign-up link in the ${mail.template} e-mail:\n${mail.text_body}`);
  return match[1];
}

/**
 * Signs a company up the way a person does: the wizard's form, then the link from the e-mail it sends. `c` is
 * signed in afterwards as the new owner.
 */
export async function signUp(
  db: TestDatabase['db'],
  c: TestClient,
  input: ReturnType<typeof signupInput> = signupInput(),
  options: { signal?: AbortSignal } = {},
) {
  await c.api.auth.signup.mutate(input, options);
  const token = await signupLinkToken(db, input.email);
  return c.api.auth.confirmSignup.mutate(
    confirmInput(token, { password: input.password, companyName: input.companyName }),
    options,
  );
}

/** What the link's page sends: the token, the company's name and the owner's password twice (issue 30). */
export function confirmInput(token: string, overrides: { password?: string; companyName?: string } = {}) {
  const password = overrides.password ?? STRONG_PASSWORD;
  return { token, companyName: overrides.companyName ?? 'Acme FX', password, confirmPassword: password };
}

/** Expects the promise to reject with a tRPC error whose message is `message`. */
export async function errorOf(promise: Promise<unknown>): Promise<{ message: string; code: string | undefined }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { message: string; data?: { code?: string } };
    return { message: e.message, code: e.data?.code };
  }
  throw new Error('expected the call to fail');
}

/** The spec's worked example as the calculator sends it (results: £80,918.74 a year, 0.39 %). */
export const WORKED = {
  pair: 'GBPUSD' as const,
  yourRate: '1.2700',
  competitorRate: '1.2650',
  amount: '500000',
  tradesPerYear: 52,
  marginPips: 0 as const,
  comparisonDate: '2026-11-22',
};

/** A member added straight to a company (as an accepted invitation would), with STRONG_PASSWORD. */
export async function addMember(
  h: TestApp,
  companyName: string,
  email: string,
  role: 'admin' | 'junior' | 'super_admin',
): Promise<string> {
  const company = await h.t.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', companyName)
    .executeTakeFirstOrThrow();
  const user = await h.t.db
    .insertInto('user_profiles')
    .values({ company_id: company.id, email, full_name: `${role} ${email}`, role_type: role })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.t.db
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: await hashPassword(STRONG_PASSWORD) })
    .execute();
  return user.id;
}

/** A client signed in as `email` (STRONG_PASSWORD). */
export async function signedIn(h: TestApp, email: string, mode: 'user' | 'admin' = 'user'): Promise<TestClient> {
  const c = h.client();
  await c.api.auth.login.mutate({ email, password: STRONG_PASSWORD, mode });
  return c;
}

let signupsFromElsewhere = 0;

/**
 * A new trial company and its signed-in owner, for tests that need many companies: the signup runs through the
 * service as if from a client address of its own (the HTTP route allows 10 signups an hour per client), then the
 * owner signs in over HTTP like anyone else.
 */
export async function ownerOfNewCompany(
  h: TestApp,
  name: string,
): Promise<{ c: TestClient; companyId: string; userId: string; domain: string; email: string }> {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.co.uk`;
  const email = `owner@${domain}`;
  signupsFromElsewhere++;
  const { companyId, userId } = await signUpCompany(
    h.t.db,
    signupInput({ companyName: name, companyDomain: domain, email }) as Parameters<typeof signUpCompany>[1],
    { ip: `10.${Math.floor(signupsFromElsewhere / 250)}.${signupsFromElsewhere % 250}.1`, now: h.clock.now },
  );
  return { c: await signedIn(h, email), companyId, userId, domain, email };
}
