import type { CompanyAccess, RoleType } from '@pippitch/shared/access';
import { orderDeskPairs } from '@pippitch/shared/desk-pairs';
import type { CataloguePair } from '@pippitch/shared/pair-catalogue';
import { dataKeptUntil } from '@pippitch/shared/retention';
import type { Database } from '@pippitch/sql';
import { scopeOf } from '../../queries/scope';
import {
  deleteMemberSessions,
  deleteOwnSession,
  deleteSessionsOfResetAccount,
  insertSession,
  pruneExpiredSessionsOfAllCompanies,
  readSessionRecord,
  type SessionRecord,
  touchSession,
} from '../../queries/sessions/store';
import type { Actor } from '../actor';
import { roleFromStored } from '../stored-role';
import { accessOfCompany } from './company-access';
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
  await insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, expiresAt };
}

/** The facts a session gives, as read from the database (and held by the session cache: services/auth/session-cache.ts). */
export type SessionRow = SessionRecord;

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
export function readSession(db: Database, id: string): Promise<SessionRow | undefined> {
  return readSessionRecord(db, id);
}

/** The viewer a session's row gives at `now`: null once it has expired; access judged at `now`. */
export function viewerOf(row: SessionRow, now: Date): Viewer | null {
  if (!(row.expiresAt > now)) return null;
  const access = accessOfCompany(row, now);
  // A trial past its end but not yet locked by the worker counts from the trial's end.
  const accessEndedAt = access === 'granted' ? null : (row.accessEndedAt ?? row.trialEndsAt ?? now);
  return {
    sessionId: row.sessionId,
    user: {
      id: row.userId,
      email: row.email,
      fullName: row.fullName,
      role: roleFromStored(row.storedRole),
      companyId: row.companyId,
    },
    company: {
      id: row.companyId,
      name: row.companyName,
      access,
      companyFinderEnabled: row.companyFinderEnabled,
      clientDataEnabled: row.clientDataEnabled,
      dataKeptUntil: accessEndedAt ? dataKeptUntil(accessEndedAt) : null,
      pairs: orderDeskPairs(row.quotedPairs),
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
  if (viewer && row && now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return viewer;
}

/** last_seen_at is written at most this often per session: enough to show "last active", not a write per request. */
export const TOUCH_EVERY_MS = 60_000;

/** Signs the actor out of one of their own sessions. */
export async function deleteSession(db: Database, actor: Actor, sessionId: string): Promise<void> {
  await deleteOwnSession(db, scopeOf(actor), sessionId);
}

/** Ends every open session of a member of the actor's company at once (deactivation). */
export async function endSessionsOf(db: Database, actor: Actor, memberId: string, exceptSessionId?: string) {
  await deleteMemberSessions(db, scopeOf(actor), memberId, exceptSessionId);
}

/** A password reset signs the account out everywhere: whoever knew the old password loses access. */
export async function endSessionsAfterReset(db: Database, userId: string): Promise<void> {
  await deleteSessionsOfResetAccount(db, userId);
}

/** Sessions past their end, and sign-up links never opened (verify-first signup) with them. */
export async function pruneExpiredSessions(db: Database): Promise<void> {
  await pruneExpiredSessionsOfAllCompanies(db);
}
