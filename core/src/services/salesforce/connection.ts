/**
 * The company's Salesforce connection: the OAuth 2 web-server flow with PKCE (S256) that makes it, its status,
 * disconnecting, and calling Salesforce with it — refreshing the access token once on a 401, and marking the
 * connection broken when Salesforce refuses the refresh token, so the admin is told to reconnect.
 */
import { createHash } from 'node:crypto';
import { SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import type { Database } from '@pippitch/sql';
import { AppError, badRequest } from '../../errors';
import { type CrmProvider, CrmRevoked, type CrmSession, CrmSessionExpired } from '../../providers/crm/types';
import {
  connectionRecord,
  deleteConnection,
  deleteExpiredOAuthStatesOfAllCompanies,
  insertOAuthState,
  oauthStateExists,
  saveConnection,
  takeOAuthVerifier,
  updateConnection,
} from '../../queries/crm/connection';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { hashToken, newToken } from '../auth/tokens';
import { openSecret, sealSecret } from './secret-box';

/** How long the admin has on Salesforce's consent screen. */
const STATE_TTL_MS = 10 * 60_000;

export interface CrmDeps {
  db: Database;
  /** null: no connected app configured (exports go to the export log only). */
  crm: CrmProvider | null;
  /** Seals new tokens; opens them with SECRETS_KEY_PREVIOUS too during a rotation (secret-box.ts). */
  secretsKey: Buffer | undefined;
  secretsKeyPrevious?: Buffer | undefined;
}

/** The provider and the keys, for a service given the database apart: `(db, actor, input, deps)`. */
export type CrmKeys = Omit<CrmDeps, 'db'>;

/** An admin acting in their own session (the OAuth state is bound to it). */
export type SessionActor = Actor & { sessionId: string };

/** What the OAuth flow needs beyond the database: the provider, the key that seals tokens, our callback, the clock. */
export interface ConnectionDeps extends CrmKeys {
  redirectUri: string;
  now: Date;
}

function requireCrm(crm: CrmProvider | null): CrmProvider {
  if (!crm) throw badRequest(SALESFORCE_MESSAGES.notConfigured);
  return crm;
}

/** Starts a connection: a random state and PKCE verifier kept on the server; returns Salesforce's consent URL. */
export async function startConnection(
  db: Database,
  actor: SessionActor,
  { crm, secretsKey, redirectUri, now }: ConnectionDeps,
): Promise<string> {
  const provider = requireCrm(crm);
  if (!secretsKey) throw badRequest(SALESFORCE_MESSAGES.notConfigured);
  const state = newToken();
  const verifier = newToken(); // 43 characters, within RFC 7636's 43–128
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await db.transaction().execute(async (trx) => {
    await deleteExpiredOAuthStatesOfAllCompanies(trx, now);
    await insertOAuthState(trx, scopeOf(actor), {
      stateHash: hashToken(state),
      sessionId: actor.sessionId,
      codeVerifier: verifier,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  return provider.authorizeUrl({ state, codeChallenge: challenge, redirectUri });
}

/**
 * Finishes a connection from the callback's code and state: the state must be one this session started (else
 * 'Invalid state parameter'), its verifier unused (a replayed callback finds it gone: 'Missing code verifier');
 * the code is exchanged, the identity read, and the tokens stored sealed.
 */
export async function completeConnection(
  db: Database,
  actor: SessionActor,
  input: { code?: string | undefined; state?: string | undefined },
  { crm, secretsKey, redirectUri, now }: ConnectionDeps,
): Promise<{ username: string }> {
  const provider = requireCrm(crm);
  if (!input.code) throw badRequest(SALESFORCE_MESSAGES.noCode);
  const scope = scopeOf(actor);
  const stateHash = hashToken(input.state ?? '');
  const found = await oauthStateExists(db, scope, { stateHash, sessionId: actor.sessionId, now });
  if (!input.state || !found) throw badRequest(SALESFORCE_MESSAGES.badState);
  // Taken in one statement, so two tabs finishing the same callback cannot both use it.
  const codeVerifier = await takeOAuthVerifier(db, scope, stateHash);
  if (!codeVerifier) throw badRequest(SALESFORCE_MESSAGES.noVerifier);

  let grant: Awaited<ReturnType<CrmProvider['exchangeCode']>>;
  try {
    grant = await provider.exchangeCode({ code: input.code, codeVerifier, redirectUri });
  } catch {
    throw new AppError('BAD_REQUEST', SALESFORCE_MESSAGES.connectFailed);
  }
  // The state row stays until it expires (its verifier already gone), so a replayed callback is told why.
  await saveConnection(db, scope, {
    instanceUrl: grant.instanceUrl,
    identityUrl: grant.identityUrl,
    sfUserId: grant.userId,
    sfOrgId: grant.orgId,
    username: grant.username,
    accessTokenEnc: sealSecret(secretsKey, grant.accessToken),
    refreshTokenEnc: sealSecret(secretsKey, grant.refreshToken),
    now,
  });
  return { username: grant.username };
}

export interface ConnectionStatus {
  /** A connected app is configured on this installation. */
  configured: boolean;
  connected: boolean;
  /** Connected, but Salesforce refused our refresh token: reconnect. */
  broken: boolean;
  username: string | null;
  instanceUrl: string | null;
  connectedAt: Date | null;
  lastSync: Date | null;
}

export async function connectionStatus(
  db: Database,
  actor: Actor,
  { crm }: { crm: CrmProvider | null },
): Promise<ConnectionStatus> {
  const row = await connectionRecord(db, scopeOf(actor));
  return {
    configured: crm !== null,
    connected: row !== undefined,
    broken: row?.status === 'broken',
    username: row?.username ?? null,
    instanceUrl: row?.instanceUrl ?? null,
    connectedAt: row?.connectedAt ?? null,
    lastSync: row?.lastSync ?? null,
  };
}

/** Removes the connection (tokens included) and revokes the refresh token at Salesforce, best effort. */
export async function disconnect(
  db: Database,
  actor: Actor,
  { crm, secretsKey, secretsKeyPrevious }: CrmKeys,
): Promise<void> {
  const removed = await deleteConnection(db, scopeOf(actor));
  if (removed && crm && secretsKey) {
    let token: string | null = null;
    try {
      token = openSecret({ current: secretsKey, previous: secretsKeyPrevious }, removed);
    } catch {
      token = null; // sealed with another key: nothing we can revoke
    }
    if (token) await crm.revoke(token);
  }
}

/**
 * Runs `call` with the company's Salesforce session: on a 401 the access token is refreshed (and stored) and the
 * call retried once; a refused refresh marks the connection broken and throws CrmRevoked. Returns null when the
 * company is not connected (or no connected app is configured): the caller keeps the export in the log.
 */
export async function withSalesforce<T>(
  { db, crm, secretsKey, secretsKeyPrevious }: CrmDeps,
  scope: Scope,
  call: (session: CrmSession, provider: CrmProvider) => Promise<T>,
  now: () => Date,
): Promise<{ value: T } | null> {
  if (!crm) return null;
  const row = await connectionRecord(db, scope);
  if (!row) return null;
  if (row.status === 'broken') throw new CrmRevoked('connection marked broken');
  const keys = { current: secretsKey, previous: secretsKeyPrevious };
  const session = { accessToken: openSecret(keys, row.accessTokenEnc), instanceUrl: row.instanceUrl };
  try {
    return { value: await call(session, crm) };
  } catch (err) {
    if (!(err instanceof CrmSessionExpired)) throw err;
  }
  let fresh: CrmSession;
  try {
    fresh = await crm.refresh(openSecret(keys, row.refreshTokenEnc));
  } catch (err) {
    if (err instanceof CrmRevoked) await updateConnection(db, scope, { broken: true, now: now() });
    throw err;
  }
  const accessTokenEnc = sealSecret(secretsKey, fresh.accessToken);
  await updateConnection(db, scope, { accessTokenEnc, instanceUrl: fresh.instanceUrl, now: now() });
  return { value: await call(fresh, crm) };
}
