/**
 * The authorisation matrix: every procedure of the router (found by walking it) called by every identity that its
 * named base procedure must refuse, one call at a time and as tRPC batches mixing procedures (issue 19: a batch
 * must be judged call by call, as if each came alone). The refusal comes before the input is read, so each call
 * carries a plausible input and nothing refused can run.
 */
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../core/src/services/auth/sessions';
import { addMember, ownerOfNewCompany, startTestApp, type TestApp } from './helpers';
import { type Base, baseOf, plausible, procedures } from './procedure-walk';

type Identity = 'anonymous' | 'broker' | 'admin' | 'lockedAdmin' | 'plainBroker';

/** Who each base procedure refuses, and with what. */
const REFUSED: Record<Base, Partial<Record<Identity, { status: number; message: string }>>> = {
  public: {},
  authed: { anonymous: { status: 401, message: ACCESS_MESSAGES.signIn } },
  member: {
    anonymous: { status: 401, message: ACCESS_MESSAGES.signIn },
    lockedAdmin: { status: 403, message: ACCESS_MESSAGES.accountLocked },
  },
  admin: {
    anonymous: { status: 401, message: ACCESS_MESSAGES.signIn },
    lockedAdmin: { status: 403, message: ACCESS_MESSAGES.accountLocked },
    broker: { status: 403, message: ACCESS_MESSAGES.noAdminAccess },
  },
  billingAdmin: {
    anonymous: { status: 401, message: ACCESS_MESSAGES.signIn },
    broker: { status: 403, message: ACCESS_MESSAGES.noAdminAccess },
  },
  superAdmin: {
    anonymous: { status: 401, message: ACCESS_MESSAGES.signIn },
    lockedAdmin: { status: 403, message: ACCESS_MESSAGES.accountLocked },
    broker: { status: 403, message: ACCESS_MESSAGES.superAdminOnly },
    admin: { status: 403, message: ACCESS_MESSAGES.superAdminOnly },
  },
  companyFinder: {
    anonymous: { status: 401, message: ACCESS_MESSAGES.signIn },
    lockedAdmin: { status: 403, message: ACCESS_MESSAGES.accountLocked },
    plainBroker: { status: 403, message: ACCESS_MESSAGES.companyFinderRequired },
  },
};

let h: TestApp;
const cookies: Partial<Record<Identity, string>> = {};

async function sessionFor(userId: string): Promise<string> {
  const { token } = await createSession(h.t.db, userId, { userAgent: 'matrix' });
  return `${SESSION_COOKIE}=${token}`;
}

beforeAll(async () => {
  h = await startTestApp();
  const full = await ownerOfNewCompany(h, 'Matrix Full');
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: true, client_data_enabled: true })
    .where('id', '=', full.companyId)
    .execute();
  cookies.broker = await sessionFor(await addMember(h, 'Matrix Full', 'broker@matrixfull.co.uk', 'junior'));
  cookies.admin = await sessionFor(await addMember(h, 'Matrix Full', 'admin@matrixfull.co.uk', 'admin'));
  const plain = await ownerOfNewCompany(h, 'Matrix Plain');
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: false })
    .where('id', '=', plain.companyId)
    .execute();
  cookies.plainBroker = await sessionFor(await addMember(h, 'Matrix Plain', 'broker@matrixplain.co.uk', 'junior'));
  const locked = await ownerOfNewCompany(h, 'Matrix Locked');
  cookies.lockedAdmin = await sessionFor(locked.userId);
  await h.t.db.updateTable('companies').set({ account_locked: true }).where('id', '=', locked.companyId).execute();
});
afterAll(() => h?.close());

interface Call {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  input: unknown;
}

/** One request carrying `calls` (all queries or all mutations); each call's status and message. */
async function send(calls: Call[], who: Identity, batch: boolean) {
  const headers: Record<string, string> = who === 'anonymous' ? {} : { cookie: cookies[who]! };
  const paths = calls.map((c) => c.path).join(',');
  const mutation = calls[0]!.type === 'mutation';
  const payload = batch
    ? JSON.stringify(Object.fromEntries(calls.map((c, i) => [String(i), c.input])))
    : JSON.stringify(calls[0]!.input);
  const url = `${h.url}/trpc/${paths}${batch ? '?batch=1' : ''}`;
  const res = mutation
    ? await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: payload })
    : await fetch(`${url}${batch ? '&' : '?'}input=${encodeURIComponent(payload)}`, { headers });
  const body = (await res.json()) as unknown;
  const answers = (Array.isArray(body) ? body : [body]) as {
    error?: { message: string; data: { httpStatus: number } };
  }[];
  return answers.map((a) => ({ status: a.error?.data.httpStatus ?? 200, message: a.error?.message ?? '' }));
}

const checked = procedures
  .filter((p) => p.def.type !== 'subscription')
  .map((p) => ({
    path: p.path,
    type: p.def.type,
    base: baseOf(p.def),
    input: plausible(p.def.inputs[0]?._zod?.def, p.def.inputs[0]),
  }));

describe('the authorisation matrix', () => {
  it('knows the base procedure of every procedure', () => {
    expect(checked.length).toBeGreaterThanOrEqual(60);
    const bases = Object.fromEntries(checked.map((c) => [c.path, c.base]));
    expect(bases).toMatchObject({
      'auth.login': 'public',
      'auth.logout': 'authed',
      'calculator.save': 'member',
      'reports.sendTest': 'admin',
      'billing.startCheckout': 'billingAdmin',
      'seats.save': 'superAdmin',
      'finder.similar': 'companyFinder',
      // The desk's margin policy (issue 25): members read and ask, admins set and decide.
      'margin.policy': 'member',
      'margin.pitch': 'member',
      'margin.pitchesToClient': 'member',
      'margin.requestApproval': 'member',
      'margin.requestPackApproval': 'member',
      'margin.myRequests': 'member',
      'margin.notifications': 'member',
      'margin.markNotificationsRead': 'member',
      'margin.updatePolicy': 'admin',
      'margin.policyLog': 'admin',
      'margin.queue': 'admin',
      'margin.decide': 'admin',
      'margin.standing': 'admin',
      'margin.withdraw': 'admin',
      'margin.conceded': 'admin',
      'margin.concededBy': 'admin',
      // Issue 30: anyone may ask for an unlock link or open one (it only makes a browser a known device; the
      // password is still needed), and a share link is read by whoever holds it while its broker has access.
      'auth.requestSignInUnlock': 'public',
      'auth.unlockSignIn': 'public',
      'packs.shared': 'public',
      // Issue 30: signup without a password, the link's page with it; the name rule; the trial's limits.
      'auth.signup': 'public',
      'auth.confirmSignup': 'public',
      'auth.checkSignupLink': 'public',
      'auth.requestPasswordReset': 'public',
      'auth.resetPassword': 'public',
      'join.accept': 'public',
      'calculator.forCompany': 'member',
      'leads.add': 'companyFinder',
      'invitations.send': 'admin',
      'invitations.resend': 'admin',
      'seats.saveFromAccount': 'admin',
    });
  });

  for (const identity of ['anonymous', 'broker', 'admin', 'lockedAdmin', 'plainBroker'] as const) {
    it(`refuses ${identity} wherever its base procedure says so, alone and in batches`, async () => {
      const refused = checked.filter((c) => REFUSED[c.base][identity]);
      const wrong: string[] = [];
      for (const call of refused) {
        const [answer] = await send([call], identity, false);
        const want = REFUSED[call.base][identity]!;
        if (answer?.status !== want.status || answer.message !== want.message) {
          wrong.push(`${call.path} alone → ${answer?.status} ${answer?.message}`);
        }
      }
      // Batches of up to ten refused calls of one kind: every call refused with its own answer.
      for (const type of ['query', 'mutation'] as const) {
        const kind = refused.filter((c) => c.type === type);
        for (let i = 0; i < kind.length; i += 10) {
          const group = kind.slice(i, i + 10);
          const answers = await send(group, identity, true);
          group.forEach((call, j) => {
            const want = REFUSED[call.base][identity]!;
            if (answers[j]?.status !== want.status || answers[j]?.message !== want.message) {
              wrong.push(`${call.path} in a batch → ${answers[j]?.status} ${answers[j]?.message}`);
            }
          });
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);
  }
});
