/**
 * Steps a clock every 15 minutes from `from` to `to` (inclusive), running `sweep` twice at once at each step (two
 * workers), and records each key `seen` returns at the first step it appears: when a scheduled slot ran.
 */
export async function sweepTwice(
  from: string,
  to: string,
  sweep: (now: Date) => Promise<unknown>,
  seen: () => Promise<string[]>,
): Promise<Record<string, string>> {
  const first = new Map<string, string>();
  for (let t = Date.parse(from); t <= Date.parse(to); t += 15 * 60_000) {
    const now = new Date(t);
    await Promise.all([sweep(now), sweep(now)]);
    for (const key of await seen()) if (!first.has(key)) first.set(key, now.toISOString());
  }
  return Object.fromEntries(first);
}
