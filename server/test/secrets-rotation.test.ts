/**
 * SECRETS_KEY rotation (issue 23): during the switch the servers hold the new key and the previous one, so orgs
 * sealed with the old key keep working; `pnpm secrets:rotate` then reseals every stored token with the new key,
 * once, however often it runs, after which the previous key can go.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../core/src/queries/scope';
import { withSalesforce } from '../../core/src/services/salesforce/connection';
import { rotateSecrets } from '../../core/src/services/salesforce/rotate-secrets';
import { keyId, openSecret, SecretUnreadable, sealSecret } from '../../core/src/services/salesforce/secret-box';
import { ownerOfNewCompany, startTestApp, type TestApp } from './helpers';
import { connectCompany, localCrm } from './salesforce/connect';
import {
  type LocalSalesforce,
  startLocalSalesforce,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
} from './salesforce/salesforce-server';

const OLD = Buffer.alloc(32, 11);
const NEW = Buffer.alloc(32, 12);
const LOST = Buffer.alloc(32, 13);
const ROOT = join(import.meta.dirname, '..', '..');

let sf: LocalSalesforce;
let h: TestApp;

beforeAll(async () => {
  sf = await startLocalSalesforce();
  const salesforce = { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url };
  // The servers of the switch: SECRETS_KEY is the new key, SECRETS_KEY_PREVIOUS the old one.
  h = await startTestApp({ salesforce, secretsKey: NEW, secretsKeyPrevious: OLD });
});
afterAll(async () => {
  await h?.close();
  await sf?.close();
});

const tokens = (companyId: string) =>
  h.t.db
    .selectFrom('salesforce_connections')
    .select(['access_token_enc', 'refresh_token_enc'])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();

describe('SECRETS_KEY rotation', () => {
  it('keeps an org sealed with the previous key working while both keys are set', async () => {
    const owner = await ownerOfNewCompany(h, 'Switching Ltd');
    await connectCompany(h.t.db, sf, owner.companyId, OLD);
    await expect(owner.c.api.salesforce.testExport.mutate()).resolves.toEqual({ message: SALESFORCE_MESSAGES.testOk });
    // A refresh during the switch seals the new access token with the new key.
    sf.expireAccessTokens();
    await owner.c.api.salesforce.testExport.mutate();
    const row = await tokens(owner.companyId);
    expect(row.access_token_enc.startsWith(`v2.${keyId(NEW)}.`)).toBe(true);
    expect(row.refresh_token_enc.startsWith(`v2.${keyId(OLD)}.`)).toBe(true);
  });

  it('reseals every token with the new key, once, and the old key is no longer needed', async () => {
    const a = await ownerOfNewCompany(h, 'Old Key Ltd');
    const b = await ownerOfNewCompany(h, 'New Key Ltd');
    const lost = await ownerOfNewCompany(h, 'Lost Key Ltd');
    await connectCompany(h.t.db, sf, a.companyId, OLD);
    await connectCompany(h.t.db, sf, b.companyId, NEW);
    await connectCompany(h.t.db, sf, lost.companyId, LOST);
    const plainA = { access: openSecret(OLD, (await tokens(a.companyId)).access_token_enc) };
    const beforeB = await tokens(b.companyId);

    const keys = { current: NEW, previous: OLD };
    const first = await rotateSecrets(h.t.db, keys);
    expect(first.unreadable).toEqual([lost.companyId]);
    expect(first.resealed).toBeGreaterThanOrEqual(2); // Old Key Ltd and the first test's company (half resealed)
    const afterA = await tokens(a.companyId);
    expect(openSecret(NEW, afterA.access_token_enc)).toBe(plainA.access);
    expect(await tokens(b.companyId)).toEqual(beforeB); // already sealed with the new key: untouched

    // Re-running changes nothing: everything readable is sealed with the new key.
    const again = await rotateSecrets(h.t.db, keys);
    expect(again).toEqual({ checked: first.checked, resealed: 0, unreadable: [lost.companyId] });

    // With the new key alone, every resealed org still works.
    const deps = { db: h.t.db, crm: localCrm(sf), secretsKey: NEW };
    const posted = await withSalesforce(
      deps,
      systemScope('system:crm-export', a.companyId),
      (session, crm) => crm.post(session, 'after'),
      () => h.clock.now,
    );
    expect(posted?.value).toEqual(expect.any(String));
    await expect(
      withSalesforce(
        deps,
        systemScope('system:crm-export', lost.companyId),
        (session, crm) => crm.post(session, 'x'),
        () => h.clock.now,
      ),
    ).rejects.toThrow(SecretUnreadable);
  });

  it('`pnpm secrets:rotate` reports what it did and exits 1 while a value stays unreadable', async () => {
    const c = await ownerOfNewCompany(h, 'Command Ltd');
    await h.t.db
      .insertInto('salesforce_connections')
      .values({
        company_id: c.companyId,
        instance_url: sf.url,
        identity_url: `${sf.url}/id`,
        sf_user_id: 'u',
        sf_org_id: 'o',
        sf_username: 'admin@command.example',
        access_token_enc: sealSecret(OLD, 'access'),
        refresh_token_enc: sealSecret(OLD, 'refresh'),
      })
      .execute();
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/bin/secrets-rotate.ts'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: h.t.url, ...env },
      }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    const both = { SECRETS_KEY: NEW.toString('base64'), SECRETS_KEY_PREVIOUS: OLD.toString('base64') };
    const result = await run(both);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/1 resealed with SECRETS_KEY, \d+ already sealed with it, 1 unreadable/);
    expect(result.err).toContain('neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens the tokens of companies');
    expect(openSecret(NEW, (await tokens(c.companyId)).refresh_token_enc)).toBe('refresh');

    // Once the lost org is gone (its admin disconnects to reconnect), the command is clean.
    await h.t.db.deleteFrom('salesforce_connections').where('sf_username', '=', 'admin@command.example').execute();
    await h.t.db
      .deleteFrom('salesforce_connections')
      .where('refresh_token_enc', 'like', `v2.${keyId(LOST)}.%`)
      .execute();
    const clean = await run(both);
    expect(clean).toMatchObject({ code: 0, err: '' });
    expect(clean.out).toMatch(/0 resealed with SECRETS_KEY, \d+ already sealed with it, 0 unreadable/);
  });
});
