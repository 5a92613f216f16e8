-- Rollups for every chart interval, so each history request is ONE index range scan of at most ~2,200
-- pre-aggregated rows, on the plain table and on TimescaleDB with compressed chunks alike (issue 8; design.md §3
-- "History storage"; docs/decisions.md "History rollups"). Until now 5D (15-minute) and 1M (30-minute) made one
-- primary-key probe per bucket into fx_minute_bars, and over compressed chunks each probe decompressed a batch.
--
-- Each interval has its own table (not 30-minute read as pairs of 15-minute rows, not daily read from hourly rows):
-- then the rows a request reads are exactly the points it returns, so bounding the points (≤ ~2,200) bounds the
-- work, and no request groups rows. Writing costs little because each level is computed from the one below it
-- (15 min ← minutes, 30 min ← 15 min, hour ← 30 min, London day ← hour): a poll rewrites one row per level.
--
-- Plain tables, as for fx_hourly_bars (0002): identical with and without TimescaleDB, never compressed (all of them
-- together are ~4% of the minute bars), kept by fx_refresh_rollups() which every writer of fx_minute_bars calls for
-- the span it wrote, in the same transaction.

-- Same columns and meaning as fx_hourly_bars: ts = bucket start (UTC), open = first minute's open, close = last
-- minute's close, source = last minute's source.
CREATE TABLE fx_15min_bars (
  pair text NOT NULL,
  ts timestamptz NOT NULL,
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (pair, ts)
);

CREATE TABLE fx_30min_bars (LIKE fx_15min_bars INCLUDING ALL);

-- ts = 00:00 Europe/London of the day (users read dates in London time, design.md §3 "Times"); a London day is
-- 23, 24 or 25 whole UTC hours, so it is exactly a set of hourly rows.
CREATE TABLE fx_daily_bars (LIKE fx_15min_bars INCLUDING ALL);

-- The start of the bucket's last minute. A chart timeframe ends at the newest stored minute: this finds it with
-- one probe of a small plain table, where max(ts) over the minute hypertable plans every chunk (~15 ms).
ALTER TABLE fx_15min_bars ADD COLUMN last_ts timestamptz NOT NULL;

-- Recomputes every rollup of `p_pair` overlapping [p_from, p_to) from the level below. Idempotent (callers pass the
-- span they wrote without caring about bucket edges) and writes only rows that change; returns how many it wrote.
CREATE FUNCTION fx_refresh_rollups(p_pair text, p_from timestamptz, p_to timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  origin constant timestamptz := timestamptz '2000-01-01 00:00:00+00';
  q_from constant timestamptz := date_bin(interval '15 minutes', p_from, origin);
  q_to constant timestamptz := date_bin(interval '15 minutes', p_to, origin) + interval '15 minutes';
  -- The London day holding p_from, to the London midnight after the day holding p_to (timestamp arithmetic in
  -- London wall time, so the session's TimeZone plays no part).
  d_from constant timestamptz := date_trunc('day', p_from, 'Europe/London');
  d_to constant timestamptz :=
    ((date_trunc('day', p_to, 'Europe/London') AT TIME ZONE 'Europe/London') + interval '1 day') AT TIME ZONE 'Europe/London';
  written integer := 0;
  n integer;
BEGIN
  WITH up AS (
    INSERT INTO fx_15min_bars AS r (pair, ts, open, high, low, close, source, last_ts)
    SELECT p_pair, date_bin(interval '15 minutes', ts, origin),
           (array_agg(open ORDER BY ts))[1], max(high), min(low),
           (array_agg(close ORDER BY ts DESC))[1], (array_agg(source ORDER BY ts DESC))[1], max(ts)
    FROM fx_minute_bars
    WHERE pair = p_pair AND ts >= q_from AND ts < q_to
    GROUP BY 2
    ON CONFLICT (pair, ts) DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, source = excluded.source,
          last_ts = excluded.last_ts
      WHERE (r.open, r.high, r.low, r.close, r.source, r.last_ts)
            IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source, excluded.last_ts)
    RETURNING 1
  ) SELECT count(*) INTO n FROM up;
  written := written + n;

  WITH up AS (
    INSERT INTO fx_30min_bars AS r (pair, ts, open, high, low, close, source)
    SELECT p_pair, date_bin(interval '30 minutes', ts, origin),
           (array_agg(open ORDER BY ts))[1], max(high), min(low),
           (array_agg(close ORDER BY ts DESC))[1], (array_agg(source ORDER BY ts DESC))[1]
    FROM fx_15min_bars
    WHERE pair = p_pair
      AND ts >= date_bin(interval '30 minutes', q_from, origin)
      AND ts < date_bin(interval '30 minutes', q_to - interval '1 minute', origin) + interval '30 minutes'
    GROUP BY 2
    ON CONFLICT (pair, ts) DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, source = excluded.source
      WHERE (r.open, r.high, r.low, r.close, r.source)
            IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
    RETURNING 1
  ) SELECT count(*) INTO n FROM up;
  written := written + n;

  WITH up AS (
    INSERT INTO fx_hourly_bars AS r (pair, ts, open, high, low, close, source)
    SELECT p_pair, date_trunc('hour', ts, 'UTC'),
           (array_agg(open ORDER BY ts))[1], max(high), min(low),
           (array_agg(close ORDER BY ts DESC))[1], (array_agg(source ORDER BY ts DESC))[1]
    FROM fx_30min_bars
    WHERE pair = p_pair
      AND ts >= date_trunc('hour', q_from, 'UTC')
      AND ts < date_trunc('hour', q_to - interval '1 minute', 'UTC') + interval '1 hour'
    GROUP BY 2
    ON CONFLICT (pair, ts) DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, source = excluded.source
      WHERE (r.open, r.high, r.low, r.close, r.source)
            IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
    RETURNING 1
  ) SELECT count(*) INTO n FROM up;
  written := written + n;

  WITH up AS (
    INSERT INTO fx_daily_bars AS r (pair, ts, open, high, low, close, source)
    SELECT p_pair, date_trunc('day', ts, 'Europe/London'),
           (array_agg(open ORDER BY ts))[1], max(high), min(low),
           (array_agg(close ORDER BY ts DESC))[1], (array_agg(source ORDER BY ts DESC))[1]
    FROM fx_hourly_bars
    WHERE pair = p_pair AND ts >= d_from AND ts < d_to
    GROUP BY 2
    ON CONFLICT (pair, ts) DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, source = excluded.source
      WHERE (r.open, r.high, r.low, r.close, r.source)
            IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.source)
    RETURNING 1
  ) SELECT count(*) INTO n FROM up;
  RETURN written + n;
END
$$;

-- The hourly rollup is now one level of fx_refresh_rollups; the old name stays as a synonym so a writer that still
-- calls it keeps every rollup right rather than the hourly one alone.
CREATE OR REPLACE FUNCTION fx_refresh_hourly(p_pair text, p_from timestamptz, p_to timestamptz) RETURNS integer
LANGUAGE sql AS $$ SELECT fx_refresh_rollups(p_pair, p_from, p_to) $$;

-- Backfill from the bars already stored (one pass over each pair's minutes).
SELECT fx_refresh_rollups(pair, first, last + interval '1 minute')
FROM (SELECT pair, min(ts) AS first, max(ts) AS last FROM fx_minute_bars GROUP BY pair) spans;
