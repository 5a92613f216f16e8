import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { CompanyAccessRecord } from '../../services/auth/company-access';
import { COMPANY_ACCESS_COLUMNS, companyAccessOf } from '../companies/access';
import type { Scope } from '../scope';

/**
 * Sessions (`sessions`), each a member's own. A session is found by its id (the hash of the cookie's token): the
 * cookie is the credential that makes the actor, so that read has no scope. Everything a member does to sessions
 * afterwards is scoped: their own (`scope.userId`), or a member of their company (`scope.companyId`).
 */

/** A session with its member and company, as the session cache holds it: one mapping from the joined row. */
export interface SessionRecord extends CompanyAccessRecord {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  userId: string;
  email: string;
  fullName: string;
  /** The stored role word: services read it through stored-role.ts. */
  storedRole: string;
  companyId: string;
  companyName: string;
  companyFinderEnabled: boolean;
  clientDataEnabled: boolean;
  accessEndedAt: Date | null;
  quotedPairs: string[];
}

/**
 * The session `id` of an active member, with its member and company, or undefined. No scope: the session id comes
 * from the caller's own cookie and is what proves who they are. Expiry and access are judged by the caller.
 */
export async function readSessionRecord(db: Database, id: string): Promise<SessionRecord | undefined> {
  const r = await db
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
      'c.id as company',
      'c.name as company_name',
      ...COMPANY_ACCESS_COLUMNS,
      'c.company_finder_enabled',
      'c.client_data_enabled',
      'c.access_ended_at',
      'c.quoted_pairs',
    ])
    .executeTakeFirst();
  return (
    r && {
      sessionId: r.session_id,
      expiresAt: r.expires_at,
      lastSeenAt: r.last_seen_at,
      userId: r.user_id,
      email: r.email,
      fullName: r.full_name,
      storedRole: r.role_type,
      companyId: r.company,
      companyName: r.company_name,
      ...companyAccessOf(r),
      companyFinderEnabled: r.company_finder_enabled,
      clientDataEnabled: r.client_data_enabled,
      accessEndedAt: r.access_ended_at,
      quotedPairs: r.quoted_pairs,
    }
  );
}

/** A watched session's facts that decide whether it still gives access. */
export interface WatchedSessionRecord extends CompanyAccessRecord {
  id: string;
  expiresAt: Date;
  isActive: boolean;
}

/**
 * The sessions among `ids` (those this process streams to, of any company) still present, narrowed to one member's
 * or to one company's when an announcement named them. It returns only what decides access.
 */
export async function readWatchedSessions(
  db: Database,
  ids: readonly string[],
  narrow: { userId: string } | { scope: Scope } | null,
): Promise<WatchedSessionRecord[]> {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('sessions as s')
    .innerJoin('user_profiles as u', 'u.id', 's.user_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['s.id', 's.expires_at', 'u.is_active', ...COMPANY_ACCESS_COLUMNS])
    .where('s.id', 'in', ids);
  if (narrow && 'userId' in narrow) q = q.where('u.id', '=', narrow.userId);
  if (narrow && 'scope' in narrow) q = q.where('c.id', '=', narrow.scope.companyId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    expiresAt: r.expires_at,
    isActive: r.is_active,
    ...companyAccessOf(r),
  }));
}

/** Opens a session for a member who just proved who they are (sign-in, sign-up, joining). */
export async function insertSession(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
    })
    .execute();
}

/** Records the session as seen at `now` (its id came from the request's own cookie). */
export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

/**
 * Writes the due last-seen times in one statement, each only if the stored one is older than `everyMs` before it
 * (so two processes do not both write within that time).
 */
export async function touchSessions(db: Database, due: readonly [string, Date][], everyMs: number): Promise<void> {
  const ids = due.map(([id]) => id);
  const at = due.map(([, when]) => when.toISOString());
  await sql`
    UPDATE sessions s SET last_seen_at = v.at
    FROM unnest(${ids}::text[], ${at}::timestamptz[]) AS v(id, at)
    WHERE s.id = v.id AND s.last_seen_at < v.at - make_interval(secs => ${everyMs / 1000})`.execute(db);
}

/** Ends one of the scope's member's own sessions (signing out). */
export async function deleteOwnSession(db: Database, scope: Scope, sessionId: string): Promise<void> {
  if (scope.userId === null) return;
  await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', scope.userId).execute();
}

/** Ends every session of a member of the scope's company, except `exceptSessionId` (deactivation). */
export async function deleteMemberSessions(
  db: Database,
  scope: Scope,
  memberId: string,
  exceptSessionId?: string,
): Promise<void> {
  let q = db
    .deleteFrom('sessions')
    .where('user_id', '=', memberId)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('user_profiles').select('id').where('company_id', '=', scope.companyId),
    );
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/**
 * Ends every session of the account a single-use reset link was just claimed for: the link proves the account,
 * and no one is signed in to give a scope.
 */
export async function deleteSessionsOfResetAccount(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Sessions past their end, and sign-up links never opened (verify-first signup) with them: a job over all. */
export async function pruneExpiredSessionsOfAllCompanies(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
  await db.deleteFrom('signup_requests').where('expires_at', '<', sql<Date>`now()`).execute();
}
