import { homeFor, isAdminRole, type RoleType } from '@pippitch/shared/access';
import { type LoginInput, MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { forbidden, unauthorized } from '../../errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { assertUnder, clientKey, type Limit, record } from './rate-limit';
import { createSession } from './sessions';

export interface LoginMeta {
  ip: string;
  userAgent?: string | undefined;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  role: RoleType;
  redirectTo: string;
}

const WINDOW_SECONDS = 900;

/**
 * Only failed sign-ins count (a team signing in all day from one office address is never stopped), and
 * they are counted three ways, so that guessing is slowed without handing anyone a way to lock a member out:
 * - per (address, client): 10 in 15 minutes: one client guessing one member's password;
 * - per client: 30 in 15 minutes: one client trying many addresses;
 * - per address: 100 in 15 minutes: a ceiling for guesses at one member spread over many clients. Reaching
 *   it takes at least ten clients; one attacker alone cannot lock the owner out (docs/decisions.md).
 */
export function loginLimits(email: string, ip: string): Limit[] {
  const client = clientKey(ip);
  return [
    { key: `login:email-client:${email}|${client}`, max: 10, windowSeconds: WINDOW_SECONDS },
    { key: `login:client:${client}`, max: 30, windowSeconds: WINDOW_SECONDS },
    { key: `login:email:${email}`, max: 100, windowSeconds: WINDOW_SECONDS },
  ];
}

/** Spec §4 Login: credentials, then the profile's is_active, then the admin check in admin mode. */
export async function logIn(db: Database, input: LoginInput, meta: LoginMeta): Promise<LoginResult> {
  const limits = loginLimits(input.email, meta.ip);
  await assertUnder(db, limits);
  const row = await db
    .selectFrom('user_profiles as u')
    .innerJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'u.role_type', 'u.is_active', 'c.password_hash'])
    .where('u.email', '=', input.email)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    await record(db, limits);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  if (!row.is_active) throw forbidden(MESSAGES.deactivated);
  const role = row.role_type as RoleType;
  if (input.mode === 'admin' && !isAdminRole(role)) throw forbidden(MESSAGES.noAdminAccess);
  const session = await createSession(db, row.id, meta);
  return { ...session, role, redirectTo: homeFor(role, input.mode) };
}
