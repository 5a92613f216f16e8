import { homeFor, isAdminRole, type RoleType } from '@pippitch/shared/access';
import { type LoginInput, MESSAGES } from '@pippitch/shared/auth';
import type { Database } from '@pippitch/sql';
import { AppError, forbidden, unauthorized } from '../../errors';
import { findSignInAccount } from '../../queries/sessions/accounts';
import { roleFromStored } from '../stored-role';
import { signInGate } from './client-gate';
import { newDeviceToken, signedDevices } from './device-cookie';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { clientKey, type Limit, reserve } from './rate-limit';
import { signInRefusals } from './refusal-memo';
import { createSession } from './sessions';
import type { Tarpit } from './tarpit';

export interface LoginMeta {
  ip: string;
  userAgent?: string | undefined;
  now: Date;
  /** The browser's device cookie (services/auth/device-cookie.ts), if it sent one. */
  deviceCookie?: string | undefined;
  /** Where a refusal's answer waits before it is sent (services/auth/tarpit.ts); none: answered at once. */
  tarpit?: Tarpit | undefined;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  role: RoleType;
  redirectTo: string;
  /** A new device token for this browser and member: the caller adds it to the device cookie. */
  deviceToken: string;
}

const WINDOW_SECONDS = 900;

/**
 * Only failed sign-ins count (a team signing in all day from one office address is never stopped). Which counters
 * an attempt uses depends on where it comes from (OWASP's device cookies, issue 30 §2):
 * - a **known device** (a browser where this member signed in before) is judged by its own counter only: 10 in 15
 *   minutes. Nobody else can fill it, so no flood from elsewhere locks a member out of their own browsers;
 * - **any other client** takes, in order, per (address, client) 10 in 15 minutes (one client guessing one member's
 *   password), per client 30 (one client trying many addresses), and per address 20 for all unknown clients
 *   together. A refused attempt stops at the first full limit, so one client alone adds at most 10 to the shared
 *   one and cannot lock unknown browsers out; a member locked out on a new browser is e-mailed a link that makes it
 *   a known device (services/auth/sign-in-unlock.ts). What many clients together can still do: docs/decisions.md.
 */
export function loginLimits(email: string, ip: string, device: string | null): Limit[] {
  if (device) return [{ key: `login:device:${device}`, max: 10, windowSeconds: WINDOW_SECONDS }];
  const client = clientKey(ip);
  return [
    { key: `login:email-client:${email}|${client}`, max: 10, windowSeconds: WINDOW_SECONDS },
    { key: `login:client:${client}`, max: 30, windowSeconds: WINDOW_SECONDS },
    { key: `login:unknown-clients:${email}`, max: 20, windowSeconds: WINDOW_SECONDS },
  ];
}

/**
 * Spec §4 Login: credentials, then the profile's is_active, then the admin check in admin mode. Each attempt
 * takes its slots in the limits before the password is checked (so a batch or a burst of parallel attempts gets
 * exactly the limit through) and a correct password gives them back: only failures count. An attempt the hash
 * queue refuses as busy keeps its slots: a flood's refusals use up its sender's allowance, and each refusal's answer
 * waits in the tarpit so a flood that re-sends on every answer slows to a trickle (issue 30 §3).
 */
export async function logIn(db: Database, input: LoginInput, meta: LoginMeta): Promise<LoginResult> {
  const client = clientKey(meta.ip);
  try {
    return await signInGate.run(client, () => checkCredentials(db, input, meta, client));
  } catch (error) {
    // Every refusal (limit full, too many in flight, hashing busy) is held back; wrong passwords already cost a hash.
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') await meta.tarpit?.hold();
    throw error;
  }
}

async function checkCredentials(
  db: Database,
  input: LoginInput,
  meta: LoginMeta,
  client: string,
): Promise<LoginResult> {
  const member = () => findSignInAccount(db, input.email);
  // Only a token for the member this address names makes a known device (an unknown address has none). Without a
  // signed token (a flood, a new browser) nothing is read before the limits; the member is read once either way.
  const devices = await signedDevices(db, meta.deviceCookie);
  let row = devices.length > 0 ? await member() : undefined;
  const device = devices.find((d) => d.userId === row?.id)?.nonce ?? null;
  const limits = loginLimits(input.email, meta.ip, device);
  signInRefusals.check(limits.map((l) => l.key));
  const slots = await reserve(db, limits, MESSAGES.tooManyAttempts, (key) => signInRefusals.remember(key));
  if (devices.length === 0) row = await member();
  const stored = row?.passwordHash ?? (await dummyPasswordHash());
  const ok = await verifyPassword(stored, input.password, { client, lane: device ? 'known' : 'unknown' });
  if (!row || !ok) throw unauthorized(MESSAGES.invalidCredentials);
  await slots.refund();
  if (!row.isActive) throw forbidden(MESSAGES.deactivated);
  const role = roleFromStored(row.storedRole);
  if (input.mode === 'admin' && !isAdminRole(role)) throw forbidden(MESSAGES.noAdminAccess);
  const session = await createSession(db, row.id, meta, meta.now);
  return { ...session, role, redirectTo: homeFor(role, input.mode), deviceToken: await newDeviceToken(db, row.id) };
}
