import { homeFor, isAdminRole, type RoleType } from '@pippitch/shared/access';
import { type LoginInput, MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { forbidden, unauthorized } from '../../errors';
import { roleFromStored } from '../stored-role';
import { signInGate } from './client-gate';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { clientKey, type Limit, reserve } from './rate-limit';
import { createSession } from './sessions';

export interface LoginMeta {
  ip: string;
  userAgent?: string | undefined;
  now: Date;
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
 * they are counted three ways, so that guessing is slowed without handing anyone a way to lock a member out. The
 * two per-client limits come first: a refused attempt stops at the first full limit and never reaches the
 * address's shared ceiling, so one client's flood cannot lock the owner out from elsewhere.
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

/**
 * Spec §4 Login: credentials, then the profile's is_active, then the admin check in admin mode. Each attempt
 * takes its slots in the limits before the password is checked (so a batch or a burst of parallel attempts gets
 * exactly the limit through) and a correct password gives them back: only failures count.
 */
export async function logIn(db: Database, input: LoginInput, meta: LoginMeta): Promise<LoginResult> {
  const client = clientKey(meta.ip);
  return signInGate.run(client, () => checkCredentials(db, input, meta, client));
}

async function checkCredentials(
  db: Database,
  input: LoginInput,
  meta: LoginMeta,
  client: string,
): Promise<LoginResult> {
  const slots = await reserve(db, loginLimits(input.email, meta.ip));
  const row = await db
    .selectFrom('user_profiles as u')
    .innerJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'u.role_type', 'u.is_active', 'c.password_hash'])
    .where('u.email', '=', input.email)
    .executeTakeFirst();
  let ok: boolean;
  try {
    ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.password, client);
  } catch (err) {
    // Too busy to check (429): the attempt was not made, so it does not count.
    await slots.refund();
    throw err;
  }
  if (!row || !ok) throw unauthorized(MESSAGES.invalidCredentials);
  await slots.refund();
  if (!row.is_active) throw forbidden(MESSAGES.deactivated);
  const role = roleFromStored(row.role_type);
  if (input.mode === 'admin' && !isAdminRole(role)) throw forbidden(MESSAGES.noAdminAccess);
  const session = await createSession(db, row.id, meta, meta.now);
  return { ...session, role, redirectTo: homeFor(role, input.mode) };
}
