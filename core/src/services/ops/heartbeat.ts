import type { Database } from '@pippitch/sql';
import { deleteHeartbeat, upsertHeartbeat } from '../../queries/ops/heartbeats';

/** A worker says it is alive (readiness.ts reads it); workers silent for a day are forgotten. */
export async function beat(db: Database, worker: string, startedAt: Date): Promise<void> {
  await upsertHeartbeat(db, worker, startedAt);
}

/** A worker stopping cleanly says so: readiness and metrics count it gone at once, not a minute later. */
export async function forget(db: Database, worker: string): Promise<void> {
  await deleteHeartbeat(db, worker);
}
