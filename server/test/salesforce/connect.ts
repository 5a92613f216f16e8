import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@pippitch/sql';
import { SalesforceCrm } from '../../../core/src/providers/crm/salesforce/provider';
import { sealSecret } from '../../../core/src/services/salesforce/secret-box';
import { type LocalSalesforce, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from './salesforce-server';

/** The product's Salesforce client, pointed at the local server. */
export function localCrm(sf: LocalSalesforce): SalesforceCrm {
  return new SalesforceCrm({ clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, loginUrl: sf.url });
}

/**
 * Connects a company without a browser (worker tests, benchmarks): a real grant from the local server — consent,
 * code exchange with PKCE, identity — stored sealed as the product stores it.
 */
export async function connectCompany(db: Database, sf: LocalSalesforce, companyId: string, key: Buffer): Promise<void> {
  const crm = localCrm(sf);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://app.test/salesforce-callback';
  const url = new URL(
    crm.authorizeUrl({
      state: 'test',
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      redirectUri,
    }),
  );
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'allow');
  const res = await fetch(`${sf.url}/services/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const grant = await crm.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  await db
    .insertInto('salesforce_connections')
    .values({
      company_id: companyId,
      instance_url: grant.instanceUrl,
      identity_url: grant.identityUrl,
      sf_user_id: grant.userId,
      sf_org_id: grant.orgId,
      sf_username: grant.username,
      access_token_enc: sealSecret(key, grant.accessToken),
      refresh_token_enc: sealSecret(key, grant.refreshToken),
    })
    .execute();
}
