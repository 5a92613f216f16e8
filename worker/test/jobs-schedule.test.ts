import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { startWorkerProcess, type WorkerProcess } from './helpers/job-workers';
import { JOB_RUNS_TABLE, tickJob } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

// pg-boss schedules are minute-granular and follow the database clock, which a test cannot move: this test
// waits for two real slots (the one the workers start in fires at once, the next on the next minute), so it
// takes up to about 70 s; every wait is bounded. The workers check for due schedules every second.

let t: TestDatabase;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await JOB_RUNS_TABLE.execute(t.db);
});
afterAll(async () => {
  for (const w of workers) await w.terminate();
  await t?.drop();
});

describe('a schedule with two workers running', () => {
  it('fires once per slot', { timeout: 200_000 }, async () => {
    workers.push(await startWorkerProcess(t.url, 'worker-a', [tickJob.name]));
    workers.push(await startWorkerProcess(t.url, 'worker-b', [tickJob.name]));
    const runs = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job = ${tickJob.name}`.execute(t.db))
        .rows[0]!.n;
    await waitFor('runs in two slots', async () => (await runs()) >= 2, 150_000);
    for (const w of workers) expect(await w.terminate()).toBe(0);

    // Each slot is one job pg-boss's relay queue inserted with the schedule's name as singleton key and the
    // minute as singleton_on; working it creates the scheduled job. Both workers tried every second for every
    // slot; one slot must still make one job, and that job must run once.
    const { rows: slots } = await sql<{ slot: Date; state: string }>`
      SELECT singleton_on AS slot, state FROM pgboss.job
      WHERE name = '__pgboss__send-it' AND singleton_key = ${tickJob.name} ORDER BY singleton_on`.execute(t.db);
    const relayed = slots.filter((s) => s.state === 'completed');
    const { rows: ticks } = await sql<{ id: string; runs: number }>`
      SELECT j.id, (SELECT count(*)::int FROM job_runs r WHERE r.job_id = j.id) AS runs
      FROM pgboss.job j WHERE j.name = ${tickJob.name}`.execute(t.db);

    expect(relayed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(slots.map((s) => s.slot.getTime())).size).toBe(slots.length);
    // Consecutive minutes: no slot skipped, none doubled.
    for (let i = 1; i < slots.length; i++) {
      expect(slots[i]!.slot.getTime() - slots[i - 1]!.slot.getTime()).toBe(60_000);
    }
    // A relay cut short by the shutdown may have made its job or not: between one per relayed slot and one per slot.
    expect(ticks.length).toBeGreaterThanOrEqual(relayed.length);
    expect(ticks.length).toBeLessThanOrEqual(slots.length);
    expect(ticks.every((tick) => tick.runs <= 1)).toBe(true);
    expect(await runs()).toBeGreaterThanOrEqual(2);
    const { rows: schedule } = await sql<{ cron: string; timezone: string }>`
      SELECT cron, timezone FROM pgboss.schedule WHERE name = ${tickJob.name}`.execute(t.db);
    expect(schedule).toEqual([{ cron: '* * * * *', timezone: 'Europe/London' }]);
  });
});
