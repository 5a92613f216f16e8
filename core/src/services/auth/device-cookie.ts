import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@pippitch/sql';
import { ensureSigningKey } from '../../queries/sessions/accounts';

/**
 * OWASP's device cookies (issue 30 §2): after a member signs in on a browser, that browser gets a token naming the
 * member, signed by the server. A sign-in that presents a valid token for the member it is for comes from a known
 * device and is judged by that device's own failures only; everyone else shares the member's stricter counter
 * (services/auth/login.ts). One cookie holds the tokens of the last few members who signed in on the browser (a
 * shared office computer), each `<user id>.<nonce>.<HMAC-SHA256 of both>`; a new sign-in gives a new nonce, so a
 * device's count starts again after each success.
 */
export const DEVICE_COOKIE = 'pp_device';
export const DEVICE_COOKIE_DAYS = 180;
const MEMBERS_PER_BROWSER = 5;

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The signing key: made once by whichever server needs it first, then read by every server (migration 0052). */
function signingKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = ensureSigningKey(db, 'device_cookie', randomBytes(32));
    // A failure (the database away) is not remembered: the next sign-in tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function sign(key: Buffer, userId: string, nonce: string): string {
  return createHmac('sha256', key).update(`device|${userId}|${nonce}`).digest('base64url');
}

/** A new token for `userId`, for this browser. */
export async function newDeviceToken(db: Database, userId: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${sign(await signingKey(db), userId, nonce)}`;
}

function entries(cookie: string | undefined): string[] {
  return (cookie ?? '').split('~').filter((e) => e.length > 0 && e.length < 200);
}

/**
 * The validly signed tokens in `cookie` (members and their devices' nonces); none for no cookie, a tampered one or
 * one from another server's key. Read before anything else, so a client without one costs no statement here.
 */
export async function signedDevices(
  db: Database,
  cookie: string | undefined,
): Promise<{ userId: string; nonce: string }[]> {
  const found = entries(cookie);
  if (found.length === 0) return [];
  const key = await signingKey(db);
  return found.flatMap((entry) => {
    const [userId = '', nonce = '', mac = ''] = entry.split('.');
    const expected = Buffer.from(sign(key, userId, nonce));
    const given = Buffer.from(mac);
    return userId && nonce && given.length === expected.length && timingSafeEqual(given, expected)
      ? [{ userId, nonce }]
      : [];
  });
}

/** The cookie's new value with `token` for its member, replacing their older one, newest first. */
export function withDeviceToken(cookie: string | undefined, token: string): string {
  const userId = token.slice(0, token.indexOf('.') + 1);
  const others = entries(cookie).filter((e) => !e.startsWith(userId));
  return [token, ...others].slice(0, MEMBERS_PER_BROWSER).join('~');
}
