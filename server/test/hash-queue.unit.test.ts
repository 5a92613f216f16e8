import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { HashQueue } from '../src/services/auth/hash-queue';

/** Work that finishes when the test says so, so the queue's state is known at each step without timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: async () => opened };
}

describe('the password-hash queue', () => {
  it('runs a few at once, keeps a short queue and refuses requests beyond it with 429', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1, perClient: 5 });
    const first = gate();
    const second = gate();
    const running = queue.run(first.work, 'a');
    const waiting = queue.run(second.work, 'b');
    const refused = await queue.run(async () => 'ran', 'c').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('TOO_MANY_REQUESTS');
    expect((refused as AppError).message).toBe('PipPitch is busy signing people in. Please try again in a moment.');
    // Internal callers (no client) wait instead of being refused.
    const internal = queue.run(async () => 'internal');
    first.open();
    second.open();
    await Promise.all([running, waiting]);
    expect(await internal).toBe('internal');
    // Once drained, requests are taken again.
    expect(await queue.run(async () => 'again', 'c')).toBe('again');
  });

  it('one client holds at most its share of places', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 10, perClient: 2 });
    const g = gate();
    const held = [queue.run(g.work, 'flood'), queue.run(g.work, 'flood')];
    await expect(queue.run(async () => 1, 'flood')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another client still gets a place.
    const other = queue.run(async () => 'other', 'someone-else');
    g.open();
    await Promise.all(held);
    expect(await other).toBe('other');
  });
});
