import { SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SalesforceCrm } from '../../core/src/providers/crm/salesforce/provider';
import { CrmTemporaryFailure } from '../../core/src/providers/crm/types';
import { runExport } from '../../core/src/services/salesforce/exports';
import { addCalculationAt, setFloorsAt } from './activity-helpers';
import {
  addMember,
  errorOf,
  ownerOfNewCompany,
  signedIn,
  startTestApp,
  type TestApp,
  type TestClient,
} from './helpers';
import {
  type LocalSalesforce,
  startLocalSalesforce,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  TEST_USERNAME,
} from './salesforce/salesforce-server';

// The product's Salesforce client against a local server speaking Salesforce's OAuth and REST protocol.

let sf: LocalSalesforce;
let h: TestApp;
let deps: () => Parameters<typeof runExport>[0];

beforeAll(async () => {
  sf = await startLocalSalesforce();
  const salesforce = { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url };
  h = await startTestApp({ salesforce });
  deps = () => ({ db: h.t.db, crm: new SalesforceCrm(salesforce), secretsKey: h.config.secretsKey });
});
afterAll(async () => {
  await h?.close();
  await sf?.close();
});

/** Follows the consent screen as the admin would (Allow), returning the callback's code and state. */
async function consent(url: string): Promise<{ code: string; state: string }> {
  const authorize = new URL(url);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('decision', 'allow');
  const res = await fetch(`${sf.url}/services/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function connected(name: string): Promise<{ c: TestClient; companyId: string; userId: string; domain: string }> {
  const owner = await ownerOfNewCompany(h, name);
  const { url } = await owner.c.api.salesforce.connect.mutate();
  const callback = await consent(url);
  await owner.c.api.salesforce.completeConnection.mutate(callback);
  return owner;
}

const exportRow = (id: string) =>
  h.t.db.selectFrom('export_log').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('connecting Salesforce', () => {
  it('asks for the API with PKCE (S256), a random state and our callback; stores who connected, tokens sealed', async () => {
    const owner = await ownerOfNewCompany(h, 'Connect Co');
    const { url } = await owner.c.api.salesforce.connect.mutate();
    const q = new URL(url).searchParams;
    expect(url.startsWith(`${sf.url}/services/oauth2/authorize?`)).toBe(true);
    expect(q.get('scope')).toBe('api refresh_token offline_access');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('redirect_uri')).toBe(`${h.config.publicUrl}/salesforce-callback`);
    expect(q.get('client_id')).toBe(TEST_CLIENT_ID);

    expect(await owner.c.api.salesforce.completeConnection.mutate(await consent(url))).toEqual({
      username: TEST_USERNAME,
    });
    const status = await owner.c.api.salesforce.status.query();
    expect(status).toMatchObject({ configured: true, connected: true, broken: false, username: TEST_USERNAME });
    expect(status.lastSync).toBeNull();

    // Not one token the server issued is readable in the database.
    const row = await h.t.db
      .selectFrom('salesforce_connections')
      .selectAll()
      .where('company_id', '=', owner.companyId)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    for (const token of [...sf.validAccessTokens(), ...sf.refreshTokensIssued()]) expect(stored).not.toContain(token);
    expect(row.access_token_enc).toMatch(/^v2\.[0-9a-f]{8}\./); // sealed, naming its key (secret-box.ts)
  });

  it('refuses a callback without a code, with a state it did not start, or replayed', async () => {
    const owner = await ownerOfNewCompany(h, 'Callback Co');
    const { url } = await owner.c.api.salesforce.connect.mutate();
    const callback = await consent(url);
    const api = owner.c.api.salesforce;
    expect((await errorOf(api.completeConnection.mutate({ state: callback.state }))).message).toBe(
      SALESFORCE_MESSAGES.noCode,
    );
    expect((await errorOf(api.completeConnection.mutate({ code: callback.code, state: 'forged' }))).message).toBe(
      SALESFORCE_MESSAGES.badState,
    );
    expect((await errorOf(api.completeConnection.mutate({ code: callback.code }))).message).toBe(
      SALESFORCE_MESSAGES.badState,
    );
    // The same admin signed in elsewhere: the state belongs to the other session.
    const other = await signedIn(h, 'owner@callbackco.co.uk');
    expect((await errorOf(other.api.salesforce.completeConnection.mutate(callback))).code).toBe('BAD_REQUEST');
    await api.completeConnection.mutate(callback);
    // The verifier was used: the same callback again is refused before reaching Salesforce.
    expect((await errorOf(api.completeConnection.mutate(callback))).message).toBe(SALESFORCE_MESSAGES.noVerifier);
  });

  it('says the connection failed when Salesforce refuses the code', async () => {
    const owner = await ownerOfNewCompany(h, 'Refused Co');
    const { url } = await owner.c.api.salesforce.connect.mutate();
    const { state } = await consent(url);
    const failure = await errorOf(owner.c.api.salesforce.completeConnection.mutate({ code: 'aPrxnot-a-code', state }));
    expect(failure.message).toBe(SALESFORCE_MESSAGES.connectFailed);
    expect((await owner.c.api.salesforce.status.query()).connected).toBe(false);
  });

  it('is for admins only: a broker can neither read, connect nor export', async () => {
    const owner = await ownerOfNewCompany(h, 'Broker Gate Co');
    await addMember(h, 'Broker Gate Co', 'bob@brokergateco.co.uk', 'junior');
    const broker = await signedIn(h, 'bob@brokergateco.co.uk');
    // Called one at a time (a rejected promise left waiting would be reported as unhandled).
    for (const call of [
      () => broker.api.salesforce.status.query(),
      () => broker.api.salesforce.connect.mutate(),
      () => broker.api.salesforce.testExport.mutate(),
      () => broker.api.salesforce.exportNow.mutate({ userIds: [owner.userId], period: 'today' }),
      () => broker.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 1, hour: 9 }),
    ]) {
      expect((await errorOf(call())).code).toBe('FORBIDDEN');
    }
    const anonymous = h.client();
    expect((await errorOf(anonymous.api.salesforce.status.query())).code).toBe('UNAUTHORIZED');
  });

  it('disconnects, revoking the refresh token', async () => {
    const owner = await connected('Disconnect Co');
    const revoked = sf.revokedRefreshTokens().length;
    await owner.c.api.salesforce.disconnect.mutate();
    expect((await owner.c.api.salesforce.status.query()).connected).toBe(false);
    expect(sf.revokedRefreshTokens().length).toBe(revoked + 1);
    const left = await h.t.db
      .selectFrom('salesforce_connections')
      .select('company_id')
      .where('company_id', '=', owner.companyId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('exports to Salesforce', () => {
  it('sends a test post and records last sync', async () => {
    const owner = await connected('Test Export Co');
    const before = sf.posts.length;
    expect(await owner.c.api.salesforce.testExport.mutate()).toEqual({ message: SALESFORCE_MESSAGES.testOk });
    expect(sf.posts.length).toBe(before + 1);
    expect(sf.posts.at(-1)?.text).toContain('PipPitch test export for Test Export Co');
    expect((await owner.c.api.salesforce.status.query()).lastSync).not.toBeNull();
  });

  it('refreshes an expired access token once and retries', async () => {
    const owner = await connected('Refresh Co');
    sf.expireAccessTokens();
    const refreshes = sf.tokenCalls.filter((t) => t.grant === 'refresh_token').length;
    expect(await owner.c.api.salesforce.testExport.mutate()).toEqual({ message: SALESFORCE_MESSAGES.testOk });
    expect(sf.tokenCalls.filter((t) => t.grant === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('marks the connection broken when the refresh token is revoked, and tells the admin to reconnect', async () => {
    const owner = await connected('Revoked Co');
    sf.expireAccessTokens();
    sf.revokeRefreshTokens();
    expect((await errorOf(owner.c.api.salesforce.testExport.mutate())).message).toBe(SALESFORCE_MESSAGES.broken);
    expect((await owner.c.api.salesforce.status.query()).broken).toBe(true);
    const log = await owner.c.api.salesforce.exports.query();
    expect(log[0]).toMatchObject({ trigger: 'test', status: 'failed' });
  });

  it('exports the selected brokers for a period once, resuming after a rate limit without posting twice', async () => {
    const owner = await connected('Export Co');
    const amy = await addMember(h, 'Export Co', 'amy@exportco.co.uk', 'junior');
    const ben = await addMember(h, 'Export Co', 'ben@exportco.co.uk', 'junior');
    const today = h.clock.now.toISOString();
    await addCalculationAt(h, amy, today, { client: 'Tesco PLC' });
    await addCalculationAt(h, amy, today, { client: 'Tesco Ltd' }); // the same client, normalised
    await addCalculationAt(h, amy, today, { client: 'Boots' });
    await addCalculationAt(h, ben, today, { client: 'Greggs' });
    const { exportId } = await owner.c.api.salesforce.exportNow.mutate({ userIds: [amy, ben], period: 'month' });

    sf.failNextPosts(1, 'rate_limit');
    await expect(runExport(deps(), exportId, () => h.clock.now)).rejects.toBeInstanceOf(CrmTemporaryFailure);
    expect(await exportRow(exportId)).toMatchObject({ status: 'pending', posts_sent: 0 });
    expect((await exportRow(exportId)).error).toContain('REQUEST_LIMIT_EXCEEDED');

    const before = sf.posts.length;
    // Two workers given the same export at once: one posts, the other leaves it alone. The first is held in the
    // middle of its post (the local Salesforce answers when told), so the second always runs while it holds the
    // export, however fast or slow the machine.
    const hold = sf.holdPosts();
    const first = runExport(deps(), exportId, () => h.clock.now);
    await vi.waitFor(() => expect(hold.waiting()).toBe(1), { timeout: 30_000, interval: 10 });
    expect(await runExport(deps(), exportId, () => h.clock.now)).toBe('busy');
    hold.release();
    expect(await first).toBe('sent');
    expect(await runExport(deps(), exportId, () => h.clock.now)).toBe('done');
    expect(sf.posts.length).toBe(before + 1);
    const text = sf.posts.at(-1)?.text ?? '';
    expect(text).toContain('PipPitch team activity for Export Co');
    expect(text).toContain(
      '• junior amy@exportco.co.uk: 3 calculations, 2 clients pitched, £242,756.22 savings pitched; margin not measured (saved without a mid)',
    );
    expect(text).toContain('• junior ben@exportco.co.uk: 1 calculation, 1 client pitched, £80,918.74 savings pitched');
    expect(text).toContain('Team: 4 calculations, 3 clients pitched, £323,674.96 annual savings pitched');
    expect(await exportRow(exportId)).toMatchObject({ status: 'sent', destination: 'salesforce', posts_sent: 1 });
    expect((await owner.c.api.salesforce.status.query()).lastSync).not.toBeNull();
  });

  it('carries each selected broker’s margin conceded and the whole desk’s, in the dashboard’s words (issue 25 §3)', async () => {
    const owner = await connected('Margin Export Co');
    const amy = await addMember(h, 'Margin Export Co', 'amy@marginexportco.co.uk', 'junior');
    const ben = await addMember(h, 'Margin Export Co', 'ben@marginexportco.co.uk', 'junior');
    const now = h.clock.now.getTime();
    await setFloorsAt(h, owner, new Date(now - 3_600_000).toISOString(), {
      GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 50 }],
    });
    const at = new Date(now - 60_000).toISOString();
    // Amy pitches 1.2700 against a mid of 1.2750: 50 pips under the mid, (1.2750 − 1.2700) ÷ 1.2750 = 39.2 bps,
    // below the floor; £ a year = 500,000 × 0.0050 × 52 ÷ (1.2700 × 1.2750) = £80,284.08.
    await addCalculationAt(h, amy, at, { client: 'Tesco PLC', mid: '1.2750' });
    // Ben pitches 1.2700 against 1.2800: 78.1 bps, above it; 500,000 × 0.0100 × 52 ÷ (1.2700 × 1.2800) = £159,940.94.
    await addCalculationAt(h, ben, at, { client: 'Greggs', mid: '1.2800' });
    // Only Amy is exported; the desk's line still counts Ben, as the dashboard does.
    const { exportId } = await owner.c.api.salesforce.exportNow.mutate({ userIds: [amy], period: 'today' });
    expect(await runExport(deps(), exportId, () => h.clock.now)).toBe('sent');
    const text = sf.posts.at(-1)?.text ?? '';
    expect(text).toContain(
      '• junior amy@marginexportco.co.uk: 1 calculation, 1 client pitched, £80,918.74 savings pitched; margin 39.2 bps against a floor of 50.0 bps · £80,284 a year · 1 below the floor: 1 not asked',
    );
    expect(text).not.toContain('ben@');
    // Ticket-weighted: (39.2 × 392,156.86 + 78.1 × 390,625.00) ÷ 782,781.86 = 58.6 bps; £80,284.08 + £159,940.94.
    expect(text).toContain(
      'Margin conceded, whole desk (2 pitches): 58.6 bps against a floor of 50.0 bps · £240,225 a year · 1 below the floor: 1 not asked.',
    );
  });

  it('marks an export failed after its last attempt, and at once when Salesforce refuses it', async () => {
    const owner = await connected('Failing Co');
    const { exportId } = await owner.c.api.salesforce.exportNow.mutate({ userIds: [owner.userId], period: 'today' });
    sf.failNextPosts(1, 'unavailable');
    expect(await runExport(deps(), exportId, () => h.clock.now, 1)).toBe('failed');
    expect((await exportRow(exportId)).error).toContain('SERVER_UNAVAILABLE');
    const second = await owner.c.api.salesforce.exportNow.mutate({ userIds: [owner.userId], period: 'today' });
    sf.failNextPosts(1, 'bad_request');
    expect(await runExport(deps(), second.exportId, () => h.clock.now)).toBe('failed');
  });

  it('keeps the export in the log when the company is not connected, and the log downloads as CSV', async () => {
    const owner = await ownerOfNewCompany(h, 'Log Only Co');
    const { exportId } = await owner.c.api.salesforce.exportNow.mutate({ userIds: [owner.userId], period: 'week' });
    const before = sf.posts.length;
    expect(await runExport(deps(), exportId, () => h.clock.now)).toBe('recorded');
    expect(sf.posts.length).toBe(before);
    const cookie = [...owner.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${h.url}/api/crm/export-log.csv`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toContain('Created (London),Finished (London),Trigger');
    expect(csv).toContain('Kept in the export log');
    expect(csv).toContain('PipPitch team activity for Log Only Co');
    expect((await fetch(`${h.url}/api/crm/export-log.csv`)).status).toBe(401);
  });

  it('refuses members of another company and empty selections', async () => {
    const owner = await ownerOfNewCompany(h, 'Scope Co');
    const stranger = await ownerOfNewCompany(h, 'Stranger Co');
    expect(
      (await errorOf(owner.c.api.salesforce.exportNow.mutate({ userIds: [stranger.userId], period: 'today' }))).code,
    ).toBe('NOT_FOUND');
    expect((await errorOf(owner.c.api.salesforce.exportNow.mutate({ userIds: [], period: 'today' }))).message).toBe(
      'Please select at least one user to export',
    );
  });
});
