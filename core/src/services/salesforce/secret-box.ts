import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets at rest (the company's Salesforce tokens): AES-256-GCM with the configured SECRETS_KEY. Each value gets
// a fresh 96-bit nonce, so a database dump or backup alone reveals nothing, and a value altered in the database
// fails to decrypt instead of being used.
//
// Stored text: 'v2.' + key id + '.' + base64(nonce | ciphertext | 16-byte tag). The key id names the key that
// sealed it (8 hex characters of a hash of the key: it tells keys apart, not what they are), so during a
// rotation (SECRETS_KEY new, SECRETS_KEY_PREVIOUS old) each value is opened with its own key and `pnpm
// secrets:rotate` knows which values still need resealing. Values from before key ids ('v1.' + base64) are
// opened by trying the current key, then the previous: GCM's tag refuses the wrong one.

const V1 = 'v1.';
const V2 = 'v2.';
const NONCE = 12;
const TAG = 16;

/** The keys a process holds: it seals with `current` only, and opens with either. */
export interface SecretKeys {
  current: Buffer | undefined;
  previous?: Buffer | undefined;
}

export class SecretsKeyMissing extends Error {
  constructor() {
    super('SECRETS_KEY is not set: secrets cannot be stored (see README, configuration)');
  }
}

/** A sealed value that neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens (or one altered in the database). */
export class SecretUnreadable extends Error {
  constructor(reason: string) {
    super(`sealed secret cannot be opened: ${reason}`);
  }
}

/** The id stored with each value: 8 hex characters of SHA-256 over a label and the key. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('pippitch secrets key id\0').update(key).digest('hex').slice(0, 8);
}

export function sealSecret(key: Buffer | undefined, plain: string): string {
  if (!key) throw new SecretsKeyMissing();
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${V2}${keyId(key)}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`;
}

/** Opens a value sealed with either key (a bare Buffer: that key alone). */
export function openSecret(keys: SecretKeys | Buffer | undefined, sealed: string): string {
  const { current, previous } = Buffer.isBuffer(keys) || keys === undefined ? { current: keys } : keys;
  if (!current) throw new SecretsKeyMissing();
  const candidates = previous ? [current, previous] : [current];
  if (sealed.startsWith(V2)) {
    const dot = sealed.indexOf('.', V2.length);
    const id = sealed.slice(V2.length, dot);
    const key = candidates.find((k) => keyId(k) === id);
    if (dot < 0 || !key)
      throw new SecretUnreadable(`sealed with key ${id}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`);
    return decrypt(key, sealed.slice(dot + 1));
  }
  if (!sealed.startsWith(V1)) throw new SecretUnreadable('not a sealed secret');
  for (const key of candidates) {
    try {
      return decrypt(key, sealed.slice(V1.length));
    } catch {
      // the wrong key (or an altered value): try the next
    }
  }
  throw new SecretUnreadable('neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens it');
}

/** True when `sealed` is already sealed with `key` in the current format: nothing for a rotation to do. */
export function sealedWith(key: Buffer, sealed: string): boolean {
  return sealed.startsWith(`${V2}${keyId(key)}.`);
}

function decrypt(key: Buffer, body: string): string {
  const raw = Buffer.from(body, 'base64');
  if (raw.length < NONCE + TAG) throw new SecretUnreadable('too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE));
  decipher.setAuthTag(raw.subarray(raw.length - TAG));
  try {
    return Buffer.concat([decipher.update(raw.subarray(NONCE, raw.length - TAG)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('the key does not open it (altered, or another key)');
  }
}
