import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keyId,
  openSecret,
  SecretUnreadable,
  sealedWith,
  sealSecret,
} from '../../core/src/services/salesforce/secret-box';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const OTHER = Buffer.alloc(32, 3);

/** A value as the first format stored it ('v1.' + base64(nonce | ciphertext | tag), no key id). */
function sealV1(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`;
}

describe('secrets sealed with a key id', () => {
  it('names the key that sealed a value, and opens it with that key among the two', () => {
    const sealed = sealSecret(OLD, 'refresh-token');
    expect(sealed.startsWith(`v2.${keyId(OLD)}.`)).toBe(true);
    expect(keyId(OLD)).not.toBe(keyId(NEW));
    expect(openSecret({ current: NEW, previous: OLD }, sealed)).toBe('refresh-token');
    expect(openSecret(OLD, sealed)).toBe('refresh-token');
    expect(sealedWith(OLD, sealed)).toBe(true);
    expect(sealedWith(NEW, sealed)).toBe(false);
  });

  it('refuses a value sealed with neither key, naming the variables to check', () => {
    const sealed = sealSecret(OTHER, 'token');
    expect(() => openSecret({ current: NEW, previous: OLD }, sealed)).toThrow(SecretUnreadable);
    expect(() => openSecret(NEW, sealed)).toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
  });

  it('refuses a value altered in the database', () => {
    const sealed = sealSecret(NEW, 'token');
    const body = Buffer.from(sealed.split('.')[2]!, 'base64');
    body[14] = (body[14] ?? 0) ^ 1;
    const altered = `v2.${keyId(NEW)}.${body.toString('base64')}`;
    expect(() => openSecret(NEW, altered)).toThrow(SecretUnreadable);
  });

  it('opens values from before key ids with whichever of the two keys sealed them', () => {
    expect(openSecret({ current: NEW, previous: OLD }, sealV1(OLD, 'old'))).toBe('old');
    expect(openSecret({ current: NEW, previous: OLD }, sealV1(NEW, 'new'))).toBe('new');
    expect(() => openSecret({ current: NEW }, sealV1(OLD, 'old'))).toThrow(SecretUnreadable);
    expect(sealedWith(NEW, sealV1(NEW, 'new'))).toBe(false); // resealed by a rotation, into the key-id format
  });
});
