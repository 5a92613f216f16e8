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
