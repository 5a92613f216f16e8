import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/src/errors';
import { HashQueue, hashQueueSize } from '../../core/src/services/auth/hash-queue';

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

  it('serves waiting clients round-robin, not first come (issue 30 §3)', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 20, perClient: 10 });
    const g = gate();
    const order: string[] = [];
    const first = queue.run(g.work, 'flood');
    const runs = [
      ...Array.from({ length: 4 }, (_, i) => queue.run(async () => order.push(`flood-${i}`), 'flood')),
      queue.run(async () => order.push('member'), 'member'),
      queue.run(async () => order.push('other'), 'other'),
    ];
    g.open();
    await Promise.all([first, ...runs]);
    // The flood's burst arrived first, but the member and the other client wait behind one of its requests only.
    expect(order).toEqual(['flood-0', 'member', 'other', 'flood-1', 'flood-2', 'flood-3']);
  });

  it('known devices wait in a lane of their own, served first but never starving strangers', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 4, perClient: 10 });
    const g = gate();
    const order: string[] = [];
    const first = queue.run(g.work, { client: 's0', lane: 'unknown' });
    const strangers = [1, 2, 3, 4].map((i) =>
      queue.run(async () => order.push(`stranger-${i}`), { client: `s${i}`, lane: 'unknown' }),
    );
    // The strangers' lane is full…
    await expect(queue.run(async () => 0, { client: 's9', lane: 'unknown' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // …and a known device still gets a place, ahead of them.
    const known = [1, 2, 3, 4].map((i) =>
      queue.run(async () => order.push(`known-${i}`), { client: `k${i % 2}`, lane: 'known' }),
    );
    await expect(queue.run(async () => 0, { client: 'k9', lane: 'known' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    g.open();
    await Promise.all([first, ...strangers, ...known]);
    // Three known turns, then a stranger's, then the last known one, then the strangers left.
    expect(order).toEqual([
      'known-1',
      'known-2',
      'known-3',
      'stranger-1',
      'known-4',
      'stranger-2',
      'stranger-3',
      'stranger-4',
    ]);
  });

  it('is sized from the cores', () => {
    expect(hashQueueSize(1)).toEqual({ concurrency: 1, maxWaiting: 4, perClient: 2 });
    expect(hashQueueSize(2).maxWaiting).toBe(8);
    expect(hashQueueSize(16).concurrency).toBeGreaterThan(hashQueueSize(4).concurrency);
  });
});
