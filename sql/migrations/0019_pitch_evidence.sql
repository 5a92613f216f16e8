-- Pitch evidence (issue 14). The ECB's euro foreign exchange reference rates as published (units of each currency
-- per 1 EUR, one fix per TARGET business day since 1999), loaded by the worker from the bundled file
-- (worker/data/fx): a calculation's record quotes the reference rate for its comparison date, derived for GBP
-- pairs as a cross of two published rates. numeric, not double: the record repeats the published digits exactly.
CREATE TABLE ecb_reference_rates (
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  fix_date date NOT NULL,
  per_eur numeric(20, 8) NOT NULL CHECK (per_eur > 0),
  PRIMARY KEY (currency, fix_date)
);

-- The substantiation record of a calculation (services/calculator/evidence.ts), built on the server when it is
-- saved: the mid the server used and where it came from, the method in words, the ECB reference rate for the
-- comparison date and the competitor rate against that day's range. NULL for calculations saved before it existed.
ALTER TABLE calculations ADD COLUMN evidence jsonb;
