-- The feed poller's leader lease (issue 23, worker/src/market/lease.ts). It replaces the session advisory lock, which
-- a frozen poller kept for as long as its connection lived. One row per lease: the holder renews expires_at in each
-- write's transaction and while it waits; another worker takes it when it has expired or the holder's database
-- session is gone, raising the epoch, which fences the old holder's later writes.
CREATE TABLE fx_feed_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  epoch bigint NOT NULL,
  backend_pid integer NOT NULL,
  acquired_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
