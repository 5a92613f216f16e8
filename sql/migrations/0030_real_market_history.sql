-- Real minute history (issue 21). Minute bars may now come from a history provider: 'dukascopy' (free, no key) or
-- 'tradermade' (the configured vendor's timeseries). The worker's backfill replaces the bundled data set's
-- simulated minutes with them, keeping the source per bar, and records how far each pair has got so a stopped
-- backfill resumes where it was (worker/src/market/backfill).

-- The source list grows; the check is replaced, not relaxed. On TimescaleDB this is allowed with compressed chunks
-- (a CHECK is validated against compressed data too).
ALTER TABLE fx_minute_bars DROP CONSTRAINT fx_minute_bars_source_check;
ALTER TABLE fx_minute_bars ADD CONSTRAINT fx_minute_bars_source_check
  CHECK (source IN ('ecb_sim', 'feed', 'simulated', 'import', 'dukascopy', 'tradermade'));

-- One row per stored pair: every minute before through_ts has been asked of `provider` (and written when it had
-- one). The cursor moves in the same transaction as the bars it covers, so a stopped run neither skips nor repeats
-- a minute. first_real/last_real bound what the provider answered, for the admin's data-status card.
CREATE TABLE fx_history_backfill (
  pair text PRIMARY KEY CHECK (pair ~ '^[A-Z]{6}$'),
  provider text NOT NULL,
  started_from timestamptz NOT NULL,
  through_ts timestamptz NOT NULL,
  first_real timestamptz,
  last_real timestamptz,
  bars_written bigint NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Health of the market-data fetches that are not the live feed (the history provider, the ECB rates): when each
-- was last tried and last worked, and the last error, for the data-status card and operators.
CREATE TABLE market_fetch_status (
  name text PRIMARY KEY,
  description text NOT NULL,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
