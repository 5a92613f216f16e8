import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';

/** Workers' heartbeats (`worker_heartbeats`): the deployment's own rows, of no company, so no scope. */

/** Records the worker as alive now (the database's clock), and forgets workers silent for a day. */
export async function upsertHeartbeat(db: Database, worker: string, startedAt: Date): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values({ worker, started_at: startedAt, beat_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('worker').doUpdateSet({ beat_at: sql<Date>`now()` }))
    .execute();
  await db.deleteFrom('worker_heartbeats').where('beat_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** Removes the worker's heartbeat. */
export async function deleteHeartbeat(db: Database, worker: string): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker', '=', worker).execute();
}

/** How many workers beat within `silentMs`, and how long ago the newest beat was (null: none ever). */
export async function readHeartbeats(
  db: Database,
  silentMs: number,
): Promise<{ alive: number; newestMs: number | null }> {
  const { rows } = await sql<{ alive: number; newest_ms: number | null }>`
    SELECT count(*) FILTER (WHERE beat_at > now() - make_interval(secs => ${silentMs / 1000}))::int AS alive,
      (extract(epoch FROM now() - max(beat_at)) * 1000)::float8 AS newest_ms
    FROM worker_heartbeats`.execute(db);
  const row = rows[0];
  return { alive: row?.alive ?? 0, newestMs: row?.newest_ms ?? null };
}
