-- Worker liveness for readiness and metrics (issue 23): each worker process upserts its row every 15 s from its own
-- pool (server/src/services/ops/heartbeat.ts); /api/ready is not ready when no worker has beaten within a minute.
-- Rows of workers gone for a day are deleted by the next beat of any worker.
CREATE TABLE worker_heartbeats (
  worker text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  beat_at timestamptz NOT NULL
);
