-- The dashboard reads a range of a company's broker-days (sums, and the chart's per-day counts): with the figures
-- in the index those reads are index-only scans instead of a heap visit per row (bench activity, last quarter:
-- 36,000 broker-days of both ranges).
CREATE INDEX calculation_user_days_range ON calculation_user_days (company_id, day)
  INCLUDE (user_id, calculations, annual_savings, pips);
