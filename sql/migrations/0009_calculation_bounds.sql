-- The calculator's number rule (shared/src/calculator-limits.ts): rates 0.0001–10,000, amounts up to
-- £1,000,000,000, up to 100,000 trades a year. At those bounds costs reach 1e13, annual savings 1e18 and the
-- percentage 1e10, so every column that stores a result holds them: the form, the schema and the columns
-- accept exactly the same numbers, and a result on screen can always be saved.
ALTER TABLE activity_logs
  ALTER COLUMN amount TYPE numeric(22, 2),
  ALTER COLUMN savings_amount TYPE numeric(22, 2),
  ALTER COLUMN cost_with_competitor TYPE numeric(22, 2),
  ALTER COLUMN cost_with_us TYPE numeric(22, 2),
  ALTER COLUMN savings_per_trade TYPE numeric(22, 2),
  ALTER COLUMN annual_savings TYPE numeric(22, 2),
  ALTER COLUMN percentage_savings TYPE numeric(16, 2);

ALTER TABLE calculations ALTER COLUMN savings_amount TYPE numeric(22, 2);
