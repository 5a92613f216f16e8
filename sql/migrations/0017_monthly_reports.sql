-- Monthly client reports (issue 12 §4; spec §3 monthly_report_schedule; design.md §2 PDF reports): the schedule,
-- and each report generated — the PDF kept for download and attached to the admins' e-mail.
CREATE TABLE monthly_report_schedule (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  day_of_month smallint NOT NULL DEFAULT 1 CHECK (day_of_month BETWEEN 1 AND 28),
  hour smallint NOT NULL DEFAULT 9 CHECK (hour BETWEEN 0 AND 23),
  timezone text NOT NULL DEFAULT 'Europe/London' CHECK (timezone = 'Europe/London'),
  -- Slots due before this are not run late.
  active_since timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE monthly_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('monthly', 'test')),
  requested_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  -- The month a scheduled report is for ('2026-11'): one per company and month, however many workers ask.
  slot_key text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
  error text,
  pdf bytea,
  calculations integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (period_start <= period_end)
);
CREATE UNIQUE INDEX monthly_reports_slot ON monthly_reports (company_id, slot_key) WHERE slot_key IS NOT NULL;
CREATE INDEX monthly_reports_company ON monthly_reports (company_id, created_at DESC);

-- An e-mail may carry one report as a PDF attachment (read when the worker sends it).
ALTER TABLE email_outbox ADD COLUMN attachment_report_id uuid REFERENCES monthly_reports (id) ON DELETE SET NULL;
