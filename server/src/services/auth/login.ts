import { homeFor, isAdminRole, type RoleType } from '@pippitch/shared/access';
import { type LoginInput, MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { forbidden, unauthorized } from '../../errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { assertUnder, record } from './rate-limit';
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

/** Spec §4 Login: credentials, then the profile's is_active, then the admin check in admin mode. */
export async function logIn(db: Database, input: LoginInput, meta: LoginMeta): Promise<LoginResult> {
  // Only failed attempts count: a team signing in all day from one office IP is never locked out, while
  // guessing a password is stopped after 10 tries per address (30 per IP) in 15 minutes.
  const limits = [
    { key: `login:ip:${meta.ip}`, max: 30, windowSeconds: 900 },
    { key: `login:email:${input.email}`, max: 10, windowSeconds: 900 },
  ];
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
