-- Hourly closes: the last minute bar of every hour, kept beside the minute bars so the long chart ranges
-- (3M hourly, daily) read one row per point instead of probing or scanning ~130k minutes per request.
-- Shorter ranges (1D minute, 5D 15-minute, 1M 30-minute) are served straight from fx_minute_bars.
CREATE TABLE fx_hourly_closes (
  pair text NOT NULL,
  hour timestamptz NOT NULL CHECK (date_trunc('hour', hour) = hour),
  -- The minute whose close this is (the last bar present in the hour).
  ts timestamptz NOT NULL,
  close double precision NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (pair, hour)
);

-- Every writer of fx_minute_bars (data-set load, live poller, importer) calls this for the span it wrote.
-- Set-based and idempotent: it recomputes the hours overlapping [p_from, p_to] from the minute bars.
CREATE FUNCTION fx_refresh_hourly_closes(p_pair text, p_from timestamptz, p_to timestamptz) RETURNS integer
LANGUAGE sql AS $$
  WITH latest AS (
    SELECT DISTINCT ON (date_trunc('hour', ts)) date_trunc('hour', ts) AS hour, ts, close, source
    FROM fx_minute_bars
    WHERE pair = p_pair AND ts >= date_trunc('hour', p_from) AND ts < date_trunc('hour', p_to) + interval '1 hour'
    ORDER BY date_trunc('hour', ts), ts DESC
  ), upserted AS (
    INSERT INTO fx_hourly_closes (pair, hour, ts, close, source)
    SELECT p_pair, hour, ts, close, source FROM latest
    ON CONFLICT (pair, hour) DO UPDATE SET ts = EXCLUDED.ts, close = EXCLUDED.close, source = EXCLUDED.source
    WHERE (fx_hourly_closes.ts, fx_hourly_closes.close, fx_hourly_closes.source)
      IS DISTINCT FROM (EXCLUDED.ts, EXCLUDED.close, EXCLUDED.source)
    RETURNING 1
  )
  SELECT count(*)::integer FROM upserted;
$$;
