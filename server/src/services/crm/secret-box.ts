import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest (the company's Salesforce tokens): AES-256-GCM with the configured SECRETS_KEY. Each value gets
// a fresh 96-bit nonce; the stored text is 'v1.' + base64(nonce | ciphertext | 16-byte tag), so a database dump or
// backup alone reveals nothing, and a value altered in the database fails to decrypt instead of being used.

const VERSION = 'v1.';
const NONCE = 12;
const TAG = 16;

export class SecretsKeyMissing extends Error {
  constructor() {
    super('SECRETS_KEY is not set: secrets cannot be stored (see README, configuration)');
  }
}

export function sealSecret(key: Buffer | undefined, plain: string): string {
  if (!key) throw new SecretsKeyMissing();
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

export function openSecret(key: Buffer | undefined, sealed: string): string {
  if (!key) throw new SecretsKeyMissing();
  if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE));
  decipher.setAuthTag(raw.subarray(raw.length - TAG));
  return Buffer.concat([decipher.update(raw.subarray(NONCE, raw.length - TAG)), decipher.final()]).toString('utf8');
}
