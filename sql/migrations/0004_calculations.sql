-- Saved calculations (spec §3 `calculations`). One row per Calculate: the browser sends a fresh id with
-- each Calculate, so a retried or repeated request (Enter pressed twice) finds its row and adds nothing.
CREATE TABLE calculations (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  client_name text,
  -- shared/src/names.ts normaliseCompanyName: the one key that links calculations, leads and reports.
  normalized_client_name text,
  currency_pair text NOT NULL,
  -- Inputs and results exactly as computed on the server from the inputs (spec's calculation_data).
  calculation_data jsonb NOT NULL,
  trade_details jsonb NOT NULL,
  savings_amount numeric(16, 2) NOT NULL,
  -- The live market rate on screen when the broker pressed Calculate, and where it came from.
  live_rate double precision,
  rate_source text,
  rate_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calculations_user_client ON calculations (user_id, normalized_client_name, created_at DESC);
CREATE INDEX calculations_company_time ON calculations (company_id, created_at DESC);

ALTER TABLE activity_logs ADD COLUMN calculation_id uuid REFERENCES calculations (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX activity_logs_calculation ON activity_logs (calculation_id) WHERE calculation_id IS NOT NULL;
