-- Market data: minute bars (history for charts and rate lookups), an hourly rollup of them, live quotes, and the
-- feed's health. Spec §3 (forex_prices, live quote, timeframes), §7 (forex_prices, market data), §9; design.md §2,
-- §4. Written only by the worker (worker/src/market); read by the server. See worker/src/market/README.md.

-- Prices are double precision, not numeric. Most pairs are ratios of two ECB rates (GBPUSD = USD/GBP), which no
-- decimal scale holds exactly, and the crosses must agree far beyond 8 places (GBPUSD = EURUSD / EURGBP at every
-- minute; numeric(18,8) rounding alone breaks that by ~5e-9). float8 keeps 15–17 significant digits (quotes carry
-- 5–6), is 8 fixed bytes (numeric(18,8) takes 9–12), loads and aggregates faster, and round-trips exactly through
-- binary COPY and the pg driver (a JS number). Money maths turns a price into a decimal where it is used.
CREATE TABLE fx_minute_bars (
  pair text NOT NULL CHECK (pair ~ '^[A-Z]{6}$'),
  -- Start of the minute, UTC. The bar covers [ts, ts + 1 min); close is the last price in it.
  ts timestamptz NOT NULL CHECK (date_trunc('minute', ts, 'UTC') = ts),
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  -- ecb_sim: the bundled data set (ECB-anchored, simulated intraday); feed: the live vendor feed; simulated: the
  -- built-in simulated feed; import: a Dukascopy CSV import. The UI names the source of what it shows.
  source text NOT NULL CHECK (source IN ('ecb_sim', 'feed', 'simulated', 'import')),
  CHECK (low > 0 AND low <= least(open, close) AND high >= greatest(open, close)),
  -- One bar per pair and minute: every writer upserts, so a retry or a second worker never duplicates a minute.
  -- The index also serves every minute-level read: a point lookup (a rate at a time), a range (1D at minutes), and
  -- one probe per bucket (5D at 15 min, 1M at 30 min: ≤ 1440 probes, ~5 ms).
  PRIMARY KEY (pair, ts)
);

-- Hourly OHLC of the minute bars, for the 3M (hourly) timeframe and daily points: 90 days hourly is one index range
-- scan of ≤ 2160 rows (~0.5 ms) where the same series from minutes needs 2160 probes (~5–7 ms, measured) or a scan
-- of ~130k rows (~100–240 ms), and where, on TimescaleDB, probing compressed chunks would decompress a batch per
-- probe. A plain table rather than a trigger or a continuous aggregate, so it is identical with and without
-- TimescaleDB (which allows no transition-table triggers on hypertables). Every writer of fx_minute_bars calls
-- fx_refresh_hourly() for the span it wrote, in the same transaction.
CREATE TABLE fx_hourly_bars (
  pair text NOT NULL,
  -- Start of the hour, UTC. open = the first minute's open (the price at ts), close = the last minute's close.
  ts timestamptz NOT NULL,
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  -- Source of the hour's last minute.
  source text NOT NULL,
  PRIMARY KEY (pair, ts)
);

-- Recomputes the hourly bars of `p_pair` for every hour overlapping [p_from, p_to) from the minute bars. Idempotent,
-- so callers pass the span they wrote without caring about hour edges; returns the number of hours written.
CREATE FUNCTION fx_refresh_hourly(p_pair text, p_from timestamptz, p_to timestamptz) RETURNS integer
LANGUAGE sql AS $$
  WITH hours AS (
    INSERT INTO fx_hourly_bars AS h (pair, ts, open, high, low, close, source)
    SELECT p_pair, date_trunc('hour', ts, 'UTC'),
           (array_agg(open ORDER BY ts))[1], max(high), min(low),
           (array_agg(close ORDER BY ts DESC))[1], (array_agg(source ORDER BY ts DESC))[1]
    FROM fx_minute_bars
    WHERE pair = p_pair
      AND ts >= date_trunc('hour', p_from, 'UTC')
      AND ts < date_trunc('hour', p_to, 'UTC') + interval '1 hour'
    GROUP BY 2
    ON CONFLICT (pair, ts) DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
          source = excluded.source
      WHERE (h.open, h.high, h.low, h.close, h.source)
            IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
    RETURNING 1
  )
  SELECT count(*)::integer FROM hours
$$;

-- Quotes as fetched (bid/ask/mid), for the live view's first paint and for auditing what was shown. The worker
-- keeps 30 days; minute bars are the history. Fallback rates are published (NOTIFY) but never stored.
CREATE TABLE fx_quotes (
  pair text NOT NULL CHECK (pair ~ '^[A-Z]{6}$'),
  -- The quote's own time (vendor timestamp, or the simulated feed's tick), not the poll time.
  ts timestamptz NOT NULL,
  bid double precision NOT NULL,
  ask double precision NOT NULL,
  mid double precision NOT NULL,
  source text NOT NULL CHECK (source IN ('feed', 'simulated')),
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK (bid > 0 AND bid <= mid AND mid <= ask),
  PRIMARY KEY (pair, ts)
);

-- Health of each feed a worker has polled: one row per feed ('tradermade', 'simulated'), upserted after every poll.
-- While fallback_in_use, the live view shows the spec's default rates and last_error (the spec's message).
CREATE TABLE fx_feed_status (
  feed text PRIMARY KEY,
  -- Which worker process holds the polling lock (host:pid), for operators.
  poller text,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  consecutive_failures integer NOT NULL DEFAULT 0,
  fallback_in_use boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- With TimescaleDB installed and preloaded (production, compose.yaml), minute bars become a hypertable of weekly
-- chunks, and chunks older than 45 days are compressed, segmented by pair so one pair's history decompresses alone
-- (45 days keeps the 1M chart's probes on uncompressed chunks; older reads go through fx_hourly_bars or ranges).
-- Without it (the embedded default, Debian's PostgreSQL) this block does nothing and the plain table above is used.
-- Tables, columns and keys, and so every query, are the same either way.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb')
     AND current_setting('shared_preload_libraries', true) LIKE '%timescaledb%' THEN
    CREATE EXTENSION IF NOT EXISTS timescaledb;
    -- No extra (ts DESC) index: the primary key (pair, ts) serves every read, as on the plain table.
    PERFORM create_hypertable('fx_minute_bars', 'ts', chunk_time_interval => INTERVAL '7 days',
                              create_default_indexes => false);
    ALTER TABLE fx_minute_bars SET (
      timescaledb.compress,
      timescaledb.compress_segmentby = 'pair',
      timescaledb.compress_orderby = 'ts'
    );
    PERFORM add_compression_policy('fx_minute_bars', INTERVAL '45 days');
  END IF;
END $$;
