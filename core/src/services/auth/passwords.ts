import { hash, verify } from '@node-rs/argon2';
import { type HashPlace, hashQueue } from './hash-queue';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes). @node-rs/argon2 ships prebuilt and
// needs no compiler; the `argon2` package's binary crashes on this platform (docs/decisions.md).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a new password. `client` (the requester's rate-limit key) puts a request's hash in the bounded queue, so
 * a flood is refused with 429 instead of queueing; internal callers (the demo seed) leave it out and wait.
 */
export function hashPassword(password: string, client?: string): Promise<string> {
  return hashQueue.run(() => hash(password, OPTIONS), client);
}

/** Checks a sign-in's password in the hash queue, in its client's place and lane (hash-queue.ts). */
export async function verifyPassword(stored: string, password: string, place?: HashPlace): Promise<boolean> {
  return hashQueue.run(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }, place);
}

// Verifying against this when the e-mail is unknown keeps the response time the same, so timing does
// not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  return dummyHash;
}
