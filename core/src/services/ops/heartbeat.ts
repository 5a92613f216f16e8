import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/** A worker says it is alive (readiness.ts reads it); workers silent for a day are forgotten. */
export async function beat(db: Database, worker: string, startedAt: Date): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values({ worker, started_at: startedAt, beat_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('worker').doUpdateSet({ beat_at: sql<Date>`now()` }))
    .execute();
  await db.deleteFrom('worker_heartbeats').where('beat_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** A worker stopping cleanly says so: readiness and metrics count it gone at once, not a minute later. */
export async function forget(db: Database, worker: string): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker', '=', worker).execute();
}
