import type { CompanyAccess, RoleType } from '@pippitch/shared/access';
import { orderDeskPairs } from '@pippitch/shared/desk-pairs';
import type { CataloguePair } from '@pippitch/shared/pair-catalogue';
import { dataKeptUntil } from '@pippitch/shared/retention';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { roleFromStored } from '../stored-role';
import { accessOfRow } from './company-access';
import { hashToken, newToken } from './tokens';

export const SESSION_DAYS = 7;
export const SESSION_COOKIE = 'pp_session';

export interface Viewer {
  sessionId: string;
  user: { id: string; email: string; fullName: string; role: RoleType; companyId: string };
  company: {
    id: string;
    name: string;
    access: CompanyAccess;
    companyFinderEnabled: boolean;
    clientDataEnabled: boolean;
    /** When access has ended: the day the company's data is deleted unless it subscribes again. */
    dataKeptUntil: Date | null;
    /** The pairs the desk quotes (issue 34 §3), in the catalogue's order. */
    pairs: CataloguePair[];
  };
}

export async function createSession(
  db: Database,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
  // The server's clock, the one resolveSession checks against (a journey spanning a trial's days moves it).
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** The facts a session gives, as read from the database (and held by the session cache: services/auth/session-cache.ts). */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof readSession>>>;

/** The session id a cookie's token stands for, or null for no token or one no session could have. */
export function sessionIdOf(token: string | undefined): string | null {
  if (!token || token.length > 100) return null;
  return hashToken(token);
}

/**
 * A session's row with its member and company, or undefined. A deactivated member has no sessions (deactivation
 * deletes them), and the is_active check here closes any race with that. Expiry and access are judged per request
 * (viewerOf), against that request's clock.
 */
export function readSession(db: Database, id: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('user_profiles as u', 'u.id', 's.user_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .where('s.id', '=', id)
    .where('u.is_active', '=', true)
    .select([
      's.id as session_id',
      's.expires_at',
      's.last_seen_at',
      'u.id as user_id',
      'u.email',
      'u.full_name',
      'u.role_type',
      'c.id as company_id',
      'c.name as company_name',
      'c.account_locked',
      'c.subscription_status',
      'c.subscription_active',
      'c.trial_ends_at',
      'c.company_finder_enabled',
      'c.client_data_enabled',
      'c.access_ended_at',
      'c.quoted_pairs',
    ])
    .executeTakeFirst();
}

/** The viewer a session's row gives at `now`: null once it has expired; access judged at `now`. */
export function viewerOf(row: SessionRow, now: Date): Viewer | null {
  if (!(row.expires_at > now)) return null;
  const access = accessOfRow(row, now);
  // A trial past its end but not yet locked by the worker counts from the trial's end.
  const accessEndedAt = access === 'granted' ? null : (row.access_ended_at ?? row.trial_ends_at ?? now);
  return {
    sessionId: row.session_id,
    user: {
      id: row.user_id,
      email: row.email,
      fullName: row.full_name,
      role: roleFromStored(row.role_type),
      companyId: row.company_id,
    },
    company: {
      id: row.company_id,
      name: row.company_name,
      access,
      companyFinderEnabled: row.company_finder_enabled,
      clientDataEnabled: row.client_data_enabled,
      dataKeptUntil: accessEndedAt ? dataKeptUntil(accessEndedAt) : null,
      pairs: orderDeskPairs(row.quoted_pairs),
    },
  };
}

/**
 * The viewer behind a session cookie, or null, read from the database now, touching last_seen_at in line. Requests
 * go through the session cache instead (ServerDeps.sessionCache), which touches off the request path.
 */
export async function resolveSession(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<Viewer | null> {
  const id = sessionIdOf(token);
  const row = id ? await readSession(db, id) : undefined;
  const viewer = row ? viewerOf(row, now) : null;
  if (viewer && row && now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.session_id).execute();
  }
  return viewer;
}

/** last_seen_at is written at most this often per session: enough to show "last active", not a write per request. */
export const TOUCH_EVERY_MS = 60_000;

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every open session of a member at once (deactivation, password change). */
export async function endSessionsOf(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/** Sessions past their end, and sign-up links never opened (verify-first signup) with them. */
export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('signup_requests').where('expires_at', '<', sql<Date>`now()`).execute();
}
