import { describe, expect, it } from 'vitest';
import { Tarpit } from '../../core/src/services/auth/tarpit';

/** A sleep the test ends when it chooses, recording what was asked: no real time passes. */
function manualSleep() {
  const asked: number[] = [];
  const wake: (() => void)[] = [];
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      asked.push(ms);
      wake.push(done);
    });
  return {
    asked,
    sleep,
    wakeAll: () => {
      for (const w of wake.splice(0)) w();
    },
  };
}

describe('the sign-in tarpit (issue 30 §3)', () => {
  it('holds each refusal between one and two delays, and lets it go when the wait ends', async () => {
    const clock = manualSleep();
    const randoms = [0, 0.5, 0.999];
    const tarpit = new Tarpit(1_000, 10, clock.sleep, () => randoms.shift() ?? 0);
    const held = [tarpit.hold(), tarpit.hold(), tarpit.hold()];
    expect(clock.asked).toEqual([1_000, 1_500, 1_999]);
    expect(tarpit.waiting).toBe(3);
    clock.wakeAll();
    await Promise.all(held);
    expect(tarpit.waiting).toBe(0);
  });

  it('answers at once beyond its cap, so a flood that never waits cannot hold sockets without bound', async () => {
    const clock = manualSleep();
    const tarpit = new Tarpit(1_000, 2, clock.sleep, () => 0);
    const held = [tarpit.hold(), tarpit.hold()];
    let third = false;
    await tarpit.hold().then(() => {
      third = true;
    });
    expect(third).toBe(true);
    expect(clock.asked).toHaveLength(2);
    clock.wakeAll();
    await Promise.all(held);
    // Room again once the held answers have gone.
    const again = tarpit.hold();
    expect(clock.asked).toHaveLength(3);
    clock.wakeAll();
    await again;
  });

  it('with no delay (tests, by default) never waits', async () => {
    const clock = manualSleep();
    await new Tarpit(0, 10, clock.sleep).hold();
    expect(clock.asked).toEqual([]);
  });
});
