/**
 * Where the team-activity export goes (design.md §2 CRM): Salesforce when a connected app is configured and the
 * company has connected its org; otherwise — the embedded default, "not connected" — nowhere but the export log,
 * which the admin downloads as CSV (services/salesforce/export-log.ts). `createCrmProvider` returns null for that.
 */

/** What the OAuth code exchange gives us about the org and its user (stored with the tokens). */
export interface CrmGrant {
  accessToken: string;
  refreshToken: string;
  instanceUrl: string;
  identityUrl: string;
  userId: string;
  orgId: string;
  username: string;
}

/** A usable access to the org: what each API call needs. */
export interface CrmSession {
  accessToken: string;
  instanceUrl: string;
}

export interface CrmProvider {
  readonly name: 'salesforce';
  /** The login host's authorize URL for the OAuth 2 web-server flow with PKCE (S256). */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Exchanges the code (with the PKCE verifier) and reads the identity. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<CrmGrant>;
  /** A new access token from the refresh token. Throws CrmRevoked when Salesforce refuses it. */
  refresh(refreshToken: string): Promise<CrmSession>;
  /** Posts one Chatter feed item on the connected user's feed; returns its id. */
  post(session: CrmSession, text: string): Promise<string>;
  /** Revokes the refresh token (on disconnect); a token already dead is not an error. */
  revoke(refreshToken: string): Promise<void>;
}

/** The access token expired or was revoked (HTTP 401): refresh and retry once. */
export class CrmSessionExpired extends Error {
  constructor() {
    super('Salesforce session expired');
    this.name = 'CrmSessionExpired';
  }
}

/** The refresh token no longer works (revoked, expired, app removed): the admin must reconnect. */
export class CrmRevoked extends Error {
  constructor(detail: string) {
    super(`Salesforce refused the connection (${detail}): reconnect in Salesforce settings`);
    this.name = 'CrmRevoked';
  }
}

/** Worth retrying later with backoff: Salesforce's 5xx, network failures, and its API rate limit. */
export class CrmTemporaryFailure extends Error {
  constructor(detail: string) {
    super(`Salesforce is unavailable for now: ${detail}`);
    this.name = 'CrmTemporaryFailure';
  }
}

/** Salesforce refused the request itself (4xx other than the above): retrying will not help. */
export class CrmRejected extends Error {
  constructor(detail: string) {
    super(`Salesforce refused the export: ${detail}`);
    this.name = 'CrmRejected';
  }
}
