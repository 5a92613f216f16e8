-- When a failing market-data provider is tried next (issue 31 §4): the card says 'No network: the bundled data is
-- in use; next try at 14:05'. The feed's poller writes its backoff's end with each failed poll and clears it with a
-- good one. Null: no failure pending, or no next try known.
ALTER TABLE fx_feed_status ADD COLUMN next_try_at timestamptz;
