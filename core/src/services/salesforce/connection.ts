/**
 * The company's Salesforce connection: the OAuth 2 web-server flow with PKCE (S256) that makes it, its status,
 * disconnecting, and calling Salesforce with it — refreshing the access token once on a 401, and marking the
 * connection broken when Salesforce refuses the refresh token, so the admin is told to reconnect.
 */
import { createHash } from 'node:crypto';
import { SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { AppError, badRequest } from '../../errors';
import { type CrmProvider, CrmRevoked, type CrmSession, CrmSessionExpired } from '../../providers/crm/types';
import type { Actor } from '../actor';
import { hashToken, newToken } from '../auth/tokens';
import { upsertCompanyRow } from '../company/row';
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

/** An admin acting in their own session (the OAuth state is bound to it). */
export type SessionActor = Actor & { sessionId: string };

/** What the OAuth flow needs beyond the database: the provider, the key that seals tokens, our callback, the clock. */
export interface ConnectionDeps extends Omit<CrmDeps, 'db'> {
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
    await trx.deleteFrom('salesforce_oauth_states').where('expires_at', '<', now).execute();
    await trx
      .insertInto('salesforce_oauth_states')
      .values({
        state_hash: hashToken(state),
        session_id: actor.sessionId,
        company_id: actor.companyId,
        code_verifier: verifier,
        created_at: now,
        expires_at: new Date(now.getTime() + STATE_TTL_MS),
      })
      .execute();
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
  const stateHash = hashToken(input.state ?? '');
  const found = await db
    .selectFrom('salesforce_oauth_states')
    .select('state_hash')
    .where('state_hash', '=', stateHash)
    .where('session_id', '=', actor.sessionId)
    .where('company_id', '=', actor.companyId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!input.state || !found) throw badRequest(SALESFORCE_MESSAGES.badState);
  // Taking the verifier is one statement, so two tabs finishing the same callback cannot both use it.
  // RETURNING gives the new row, so the old verifier comes from a locked subselect.
  const taken = await sql<{ code_verifier: string }>`
    UPDATE salesforce_oauth_states s SET code_verifier = NULL
    FROM (SELECT state_hash, code_verifier FROM salesforce_oauth_states WHERE state_hash = ${stateHash} FOR UPDATE) old
    WHERE s.state_hash = old.state_hash AND old.code_verifier IS NOT NULL
    RETURNING old.code_verifier`
    .execute(db)
    .then((r) => r.rows[0]);
  if (!taken?.code_verifier) throw badRequest(SALESFORCE_MESSAGES.noVerifier);

  let grant: Awaited<ReturnType<CrmProvider['exchangeCode']>>;
  try {
    grant = await provider.exchangeCode({ code: input.code, codeVerifier: taken.code_verifier, redirectUri });
  } catch {
    throw new AppError('BAD_REQUEST', SALESFORCE_MESSAGES.connectFailed);
  }
  const sealed = {
    instance_url: grant.instanceUrl,
    identity_url: grant.identityUrl,
    sf_user_id: grant.userId,
    sf_org_id: grant.orgId,
    sf_username: grant.username,
    access_token_enc: sealSecret(secretsKey, grant.accessToken),
    refresh_token_enc: sealSecret(secretsKey, grant.refreshToken),
    status: 'connected' as const,
    connected_by: actor.userId,
    connected_at: now,
    updated_at: now,
  };
  // The state row stays until it expires (its verifier already gone), so a replayed callback is told why.
  await upsertCompanyRow(db, 'salesforce_connections', actor, sealed);
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
  crm: CrmProvider | null,
  companyId: string,
): Promise<ConnectionStatus> {
  const row = await db
    .selectFrom('salesforce_connections')
    .select(['status', 'sf_username', 'instance_url', 'connected_at', 'last_sync'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    configured: crm !== null,
    connected: row !== undefined,
    broken: row?.status === 'broken',
    username: row?.sf_username ?? null,
    instanceUrl: row?.instance_url ?? null,
    connectedAt: row?.connected_at ?? null,
    lastSync: row?.last_sync ?? null,
  };
}

/** Removes the connection (tokens included) and revokes the refresh token at Salesforce, best effort. */
export async function disconnect({ db, crm, secretsKey, secretsKeyPrevious }: CrmDeps, actor: Actor): Promise<void> {
  const removed = await db
    .deleteFrom('salesforce_connections')
    .where('company_id', '=', actor.companyId)
    .returning('refresh_token_enc')
    .executeTakeFirst();
  if (removed && crm && secretsKey) {
    let token: string | null = null;
    try {
      token = openSecret({ current: secretsKey, previous: secretsKeyPrevious }, removed.refresh_token_enc);
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
  companyId: string,
  call: (session: CrmSession, provider: CrmProvider) => Promise<T>,
  now: () => Date,
): Promise<{ value: T } | null> {
  if (!crm) return null;
  const row = await db
    .selectFrom('salesforce_connections')
    .select(['status', 'instance_url', 'access_token_enc', 'refresh_token_enc'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.status === 'broken') throw new CrmRevoked('connection marked broken');
  const keys = { current: secretsKey, previous: secretsKeyPrevious };
  const session = { accessToken: openSecret(keys, row.access_token_enc), instanceUrl: row.instance_url };
  try {
    return { value: await call(session, crm) };
  } catch (err) {
    if (!(err instanceof CrmSessionExpired)) throw err;
  }
  let fresh: CrmSession;
  try {
    fresh = await crm.refresh(openSecret(keys, row.refresh_token_enc));
  } catch (err) {
    if (err instanceof CrmRevoked) {
      await db
        .updateTable('salesforce_connections')
        .set({ status: 'broken', updated_at: now() })
        .where('company_id', '=', companyId)
        .execute();
    }
    throw err;
  }
  await db
    .updateTable('salesforce_connections')
    .set({
      access_token_enc: sealSecret(secretsKey, fresh.accessToken),
      instance_url: fresh.instanceUrl,
      updated_at: now(),
    })
    .where('company_id', '=', companyId)
    .execute();
  return { value: await call(fresh, crm) };
}
