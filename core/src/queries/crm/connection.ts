import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { updateOneRow, upsertOneRow } from '../scoped-writes';

/**
 * The CRM connection aggregate: the company's one `salesforce_connections` row (its tokens sealed) and the OAuth
 * states its admins started (`salesforce_oauth_states`), always within the scope's company.
 */
export interface ConnectionRecord {
  status: string;
  username: string;
  instanceUrl: string;
  connectedAt: Date;
  lastSync: Date | null;
  accessTokenEnc: string;
  refreshTokenEnc: string;
}

/** The one mapping from a `salesforce_connections` row to the record's words. */
function connectionOf(r: {
  status: string;
  sf_username: string;
  instance_url: string;
  connected_at: Date;
  last_sync: Date | null;
  access_token_enc: string;
  refresh_token_enc: string;
}): ConnectionRecord {
  return {
    status: r.status,
    username: r.sf_username,
    instanceUrl: r.instance_url,
    connectedAt: r.connected_at,
    lastSync: r.last_sync,
    accessTokenEnc: r.access_token_enc,
    refreshTokenEnc: r.refresh_token_enc,
  };
}

/** What a completed OAuth flow stores. */
export interface NewConnection {
  instanceUrl: string;
  identityUrl: string;
  sfUserId: string;
  sfOrgId: string;
  username: string;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  now: Date;
}

/**
 * Drops every company's expired OAuth states: housekeeping over all companies (a state past its time is of use
 * to no one), done as a new flow starts.
 */
export async function deleteExpiredOAuthStatesOfAllCompanies(trx: Database, now: Date): Promise<void> {
  await trx.deleteFrom('salesforce_oauth_states').where('expires_at', '<', now).execute();
}

/** Keeps a new OAuth state of the acting member's session. */
export async function insertOAuthState(
  trx: Database,
  scope: Scope,
  state: { stateHash: string; sessionId: string; codeVerifier: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('salesforce_oauth_states')
    .values({
      state_hash: state.stateHash,
      session_id: state.sessionId,
      company_id: scope.companyId,
      code_verifier: state.codeVerifier,
      created_at: state.createdAt,
      expires_at: state.expiresAt,
    })
    .execute();
}

/** Whether this session of the company started the state and it has not expired. */
export async function oauthStateExists(
  db: Database,
  scope: Scope,
  { stateHash, sessionId, now }: { stateHash: string; sessionId: string; now: Date },
): Promise<boolean> {
  const found = await db
    .selectFrom('salesforce_oauth_states')
    .select('state_hash')
    .where('state_hash', '=', stateHash)
    .where('session_id', '=', sessionId)
    .where('company_id', '=', scope.companyId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Takes the state's verifier, once: one statement, so two tabs finishing the same callback cannot both use it.
 * RETURNING gives the new row, so the old verifier comes from a locked subselect. Null when already taken.
 */
export async function takeOAuthVerifier(db: Database, scope: Scope, stateHash: string): Promise<string | null> {
  const taken = await sql<{ code_verifier: string | null }>`
    UPDATE salesforce_oauth_states s SET code_verifier = NULL
    FROM (SELECT state_hash, code_verifier FROM salesforce_oauth_states
          WHERE state_hash = ${stateHash} AND company_id = ${scope.companyId} FOR UPDATE) old
    WHERE s.state_hash = old.state_hash AND old.code_verifier IS NOT NULL
    RETURNING old.code_verifier`
    .execute(db)
    .then((r) => r.rows[0]);
  return taken?.code_verifier ?? null;
}

/** Stores the company's connection, replacing the one it had (the acting member made it). */
export async function saveConnection(db: Database, scope: Scope, c: NewConnection): Promise<void> {
  const values = {
    instance_url: c.instanceUrl,
    identity_url: c.identityUrl,
    sf_user_id: c.sfUserId,
    sf_org_id: c.sfOrgId,
    sf_username: c.username,
    access_token_enc: c.accessTokenEnc,
    refresh_token_enc: c.refreshTokenEnc,
    status: 'connected',
    connected_by: scope.userId,
    connected_at: c.now,
    updated_at: c.now,
  };
  await upsertOneRow(db, scope, 'salesforce_connections', values);
}

/** The company's connection, if it has one. */
export async function connectionRecord(db: Database, scope: Scope): Promise<ConnectionRecord | undefined> {
  const row = await db
    .selectFrom('salesforce_connections')
    .select([
      'status',
      'sf_username',
      'instance_url',
      'connected_at',
      'last_sync',
      'access_token_enc',
      'refresh_token_enc',
    ])
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row && connectionOf(row);
}

/** Removes the company's connection; returns its sealed refresh token, if there was one. */
export async function deleteConnection(db: Database, scope: Scope): Promise<string | undefined> {
  const removed = await db
    .deleteFrom('salesforce_connections')
    .where('company_id', '=', scope.companyId)
    .returning('refresh_token_enc')
    .executeTakeFirst();
  return removed?.refresh_token_enc;
}

/** Changes the company's connection: broken, a refreshed session, or the time of the last sync. */
export async function updateConnection(
  db: Database,
  scope: Scope,
  change: { broken: true; now: Date } | { accessTokenEnc: string; instanceUrl: string; now: Date } | { lastSync: Date },
): Promise<void> {
  const set =
    'broken' in change
      ? { status: 'broken', updated_at: change.now }
      : 'lastSync' in change
        ? { last_sync: change.lastSync }
        : { access_token_enc: change.accessTokenEnc, instance_url: change.instanceUrl, updated_at: change.now };
  await updateOneRow(db, scope, 'salesforce_connections', set);
}

/**
 * Every company with a connection (`pnpm secrets:rotate`, an operator's command over all companies); each row is
 * then read and resealed within its company's system scope.
 */
export async function listCompaniesWithConnection(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('salesforce_connections').select('company_id').orderBy('company_id').execute();
  return rows.map((r) => r.company_id);
}

/**
 * Replaces the company's sealed tokens only if they still hold what was read (a token refreshed meanwhile wins);
 * true if replaced.
 */
export async function resealConnection(
  db: Database,
  scope: Scope,
  was: Pick<ConnectionRecord, 'accessTokenEnc' | 'refreshTokenEnc'>,
  now: Pick<ConnectionRecord, 'accessTokenEnc' | 'refreshTokenEnc'>,
): Promise<boolean> {
  const updated = await db
    .updateTable('salesforce_connections')
    .set({ access_token_enc: now.accessTokenEnc, refresh_token_enc: now.refreshTokenEnc })
    .where('company_id', '=', scope.companyId)
    .where('access_token_enc', '=', was.accessTokenEnc)
    .where('refresh_token_enc', '=', was.refreshTokenEnc)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
