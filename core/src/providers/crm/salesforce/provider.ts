import type { CrmGrant, CrmProvider, CrmSession } from '../types';
import { CrmTemporaryFailure } from '../types';
import { feedItemBody, oauthFailure, readFeedElement, readIdentity, readTokenResponse, restFailure } from './transform';

/** The REST API version we call (Winter '25). */
export const SALESFORCE_API_VERSION = 'v62.0';

/** What the product asks for: the REST API, and a refresh token so scheduled exports run without the admin. */
export const SALESFORCE_SCOPE = 'api refresh_token offline_access';

// A request that hangs would hold a job for its whole expiry: every call gives up after this long.
const TIMEOUT_MS = 20_000;

export interface SalesforceConfig {
  clientId: string;
  clientSecret: string;
  loginUrl: string;
}

/** Salesforce through its REST and OAuth endpoints with `fetch` (no SDK: four calls, all plain JSON or forms). */
export class SalesforceCrm implements CrmProvider {
  readonly name = 'salesforce';

  constructor(private readonly config: SalesforceConfig) {}

  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL('/services/oauth2/authorize', this.config.loginUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: input.redirectUri,
      scope: SALESFORCE_SCOPE,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<CrmGrant> {
    const token = await this.token({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
    });
    if (!token.refresh_token) throw oauthFailure(400, { error: 'no_refresh_token' });
    const who = readIdentity(await this.json(token.id, { headers: bearer(token.access_token) }, restFailure));
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      instanceUrl: token.instance_url,
      identityUrl: token.id,
      ...who,
    };
  }

  async refresh(refreshToken: string): Promise<CrmSession> {
    const token = await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    return { accessToken: token.access_token, instanceUrl: token.instance_url };
  }

  async post(session: CrmSession, text: string): Promise<string> {
    const url = new URL(`/services/data/${SALESFORCE_API_VERSION}/chatter/feed-elements`, session.instanceUrl);
    const body = await this.json(
      url.toString(),
      {
        method: 'POST',
        headers: { ...bearer(session.accessToken), 'content-type': 'application/json' },
        body: JSON.stringify(feedItemBody(text)),
      },
      restFailure,
    );
    return readFeedElement(body);
  }

  async revoke(refreshToken: string): Promise<void> {
    const url = new URL('/services/oauth2/revoke', this.config.loginUrl);
    // 400 invalid_token means it is already dead, which is what we wanted.
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => undefined);
  }

  private async token(form: Record<string, string>) {
    const url = new URL('/services/oauth2/token', this.config.loginUrl);
    const body = await this.json(
      url.toString(),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          ...form,
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
        }),
      },
      oauthFailure,
    );
    return readTokenResponse(body);
  }

  private async json(url: string, init: RequestInit, failure: (status: number, body: unknown) => Error) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new CrmTemporaryFailure((err as Error).message);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) throw failure(response.status, body);
    return body;
  }
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
