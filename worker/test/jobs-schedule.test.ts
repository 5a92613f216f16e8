import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { startWorkerProcess, type WorkerProcess } from './helpers/job-workers';
import { JOB_RUNS_TABLE, tickJob } from './helpers/test-jobs';
import { waitFor } from './helpers/wait';

// pg-boss evaluates schedules on its own timekeeper (every second here, set by the workers' cronCheckSeconds):
// each round, whichever worker wins pg-boss's claim row inserts the slot's relay job with the schedule's name and
// key as singleton key ('<name>__<key>', our schedules' key is '') and the minute as singleton_on, and working that relay job creates the scheduled job.
// Within one minute that is a duplicate insert every second, from either worker. The test waits for several such
// rounds (conditions, counted in pgboss_v12.version.cron_on), never for the clock to reach the next minute: the slots
// follow the database clock, which a test cannot move. Every wait is bounded.

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
  it('fires once per slot, however often both workers evaluate it', async () => {
    workers.push(await startWorkerProcess(t.url, 'worker-a', [tickJob.name]));
    workers.push(await startWorkerProcess(t.url, 'worker-b', [tickJob.name]));
    const runs = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE job = ${tickJob.name}`.execute(t.db))
        .rows[0]!.n;
    const cronRound = async () =>
      (
        await sql<{ at: Date | null }>`SELECT cron_on AS at FROM pgboss_v12.version`.execute(t.db)
      ).rows[0]?.at?.getTime();
    await waitFor('the first slot to run', async () => (await runs()) >= 1);
    // Five more evaluation rounds after the first run: each one tries to insert the current slot again.
    const seen = new Set<number>();
    await waitFor('five more schedule rounds', async () => {
      const at = await cronRound();
      if (at !== undefined) seen.add(at);
      return seen.size >= 6;
    });
    for (const w of workers) expect(await w.terminate()).toBe(0);

    // Each slot is one job pg-boss's relay queue inserted with the schedule's name and key as singleton key and the
    // minute as singleton_on; working it creates the scheduled job. Both workers tried every second for every
    // slot; one slot must still make one job, and that job must run once.
    const { rows: slots } = await sql<{ slot: Date; state: string }>`
      SELECT singleton_on AS slot, state FROM pgboss_v12.job
      WHERE name = '__pgboss__send-it' AND singleton_key = ${`${tickJob.name}__`} ORDER BY singleton_on`.execute(t.db);
    const relayed = slots.filter((s) => s.state === 'completed');
    const { rows: ticks } = await sql<{ id: string; runs: number }>`
      SELECT j.id, (SELECT count(*)::int FROM job_runs r WHERE r.job_id = j.id) AS runs
      FROM pgboss_v12.job j WHERE j.name = ${tickJob.name}`.execute(t.db);

    expect(relayed.length).toBeGreaterThanOrEqual(1);
    // One relay job per minute slot, however many rounds tried to insert it.
    expect(new Set(slots.map((s) => s.slot.getTime())).size).toBe(slots.length);
    // A relay cut short by the shutdown may have made its job or not: between one per relayed slot and one per slot.
    expect(ticks.length).toBeGreaterThanOrEqual(relayed.length);
    expect(ticks.length).toBeLessThanOrEqual(slots.length);
    expect(ticks.every((tick) => tick.runs <= 1)).toBe(true);
    expect(await runs()).toBe(ticks.filter((tick) => tick.runs === 1).length);
    const { rows: schedule } = await sql<{ cron: string; timezone: string }>`
      SELECT cron, timezone FROM pgboss_v12.schedule WHERE name = ${tickJob.name}`.execute(t.db);
    expect(schedule).toEqual([{ cron: '* * * * *', timezone: 'Europe/London' }]);
  });
});
