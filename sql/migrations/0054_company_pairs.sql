-- The pairs each desk quotes (issue 34 §3). An admin chooses them from the pair catalogue (shared/src/pair-catalogue.ts,
-- ~84 pairs: every ECB currency against GBP, EUR and USD); every company starts with the spec's six. Kept on the
-- company row as an array: a desk quotes tens of pairs at most, it is read whole (the calculator's select, the
-- server's check of a pitch's pair) and the worker's union over every company is one scan of a small table.
-- The codes are checked against the catalogue by the service that writes them; the database only keeps the shape.
ALTER TABLE companies
  ADD COLUMN quoted_pairs text[] NOT NULL
    DEFAULT ARRAY['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD']
    CHECK (cardinality(quoted_pairs) BETWEEN 1 AND 100 AND array_position(quoted_pairs, NULL) IS NULL);

-- Minute bars may now be derived crosses (issue 34 §2: GBP/PLN = GBP/USD × USD/PLN at the same minute, the legs and
-- the method named by the catalogue) or the ECB's daily reference for a currency with no minute market (one bar per
-- fix, at the fix minute: 'daily reference rate — no intraday prices').
ALTER TABLE fx_minute_bars DROP CONSTRAINT fx_minute_bars_source_check;
ALTER TABLE fx_minute_bars ADD CONSTRAINT fx_minute_bars_source_check
  CHECK (source IN ('ecb_sim', 'feed', 'simulated', 'import', 'dukascopy', 'tradermade', 'derived', 'ecb_daily'));
