import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PREVIEW_PATH } from '../src/api/http/email-preview';
import { addMember, signedIn, signUp, signupInput, startTestApp, type TestApp, type TestClient } from './helpers';

let h: TestApp;
let admin: TestClient;

beforeAll(async () => {
  h = await startTestApp();
  admin = h.client();
  await signUp(h.t.db, admin, signupInput({ companyName: 'Preview FX' }));
  await addMember(h, 'Preview FX', 'broker@acmefx.co.uk', 'junior');
});
afterAll(async () => {
  await h?.close();
});

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const get = (key: string, c?: TestClient) =>
  h.app.inject({ method: 'GET', url: `${EMAIL_PREVIEW_PATH}/${key}`, headers: c ? { cookie: cookieOf(c) } : {} });

describe('email previews', () => {
  it("lists the spec's e-mails and issue 20's, renders each for the company, framable by this site only", async () => {
    const list = await admin.api.emails.previews.query();
    expect(list.map((p) => p.key)).toEqual([
      'welcome',
      'trial-30',
      'trial-7',
      'trial-1',
      'trial-cancelled',
      'cancellation-scheduled',
      'reactivated',
      'access-ended',
      'billing-switch',
      'margin-approved',
      'margin-declined',
    ]);
    for (const p of list) {
      const res = await get(p.key, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.body).toContain('Preview FX');
    }
    expect((await get('trial-7', admin)).body).toContain('7 days left in your free trial');
    // The cancellation e-mails as the worker sends them (issue 20 §6), and the switch to monthly billing.
    expect((await get('trial-cancelled', admin)).body).toContain('Your free trial has been cancelled');
    expect((await get('cancellation-scheduled', admin)).body).toContain('Your team keeps access until');
    expect((await get('reactivated', admin)).body).toContain('The cancellation for Preview FX has been undone.');
    expect((await get('access-ended', admin)).body).toContain('Your subscription has ended');
    const monthly = (await get('billing-switch', admin)).body;
    expect(monthly).toContain('Monthly billing from');
    expect(monthly).toContain('per month ex VAT');
    // Issue 25: a decision on a pitch below the desk's floor, one e-mail per decision.
    expect((await get('margin-declined', admin)).body).toContain('Your pitch to Acme Ltd was declined');
    // Rendering is not sending.
    const billingTemplates = ['welcome', 'access_ended', 'cancellation_scheduled', 'reactivated', 'billing_switch'];
    expect(
      await h.t.db
        .selectFrom('email_outbox')
        .select('id')
        .where((eb) => eb.or([eb('template', 'like', 'trial%'), eb('template', 'in', billingTemplates)]))
        .execute(),
    ).toEqual([]);
  });

  it('is for admins only, and an unknown e-mail is 404', async () => {
    expect((await get('welcome')).statusCode).toBe(401);
    const broker = await signedIn(h, 'broker@acmefx.co.uk');
    expect((await get('welcome', broker)).statusCode).toBe(403);
    await expect(broker.api.emails.previews.query()).rejects.toThrow('You do not have admin access');
    expect((await get('nope', admin)).statusCode).toBe(404);
  });

  it('is refused to a locked company’s admins, like the other downloads', async () => {
    const companyId = (
      await h.t.db.selectFrom('companies').select('id').where('name', '=', 'Preview FX').executeTakeFirstOrThrow()
    ).id;
    await h.t.db.updateTable('companies').set({ account_locked: true }).where('id', '=', companyId).execute();
    const res = await get('welcome', admin);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      message: 'Your company account is locked. Start a new subscription to continue.',
    });
    await h.t.db.updateTable('companies').set({ account_locked: false }).where('id', '=', companyId).execute();
  });
});
