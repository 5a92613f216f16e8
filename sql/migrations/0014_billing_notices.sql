-- Billing e-mails that must go out once (trial reminders at 30, 7 and 1 days, the trial's end, the welcome on a
-- new subscription, one follow-up per abandoned checkout), and the checkouts started (for that follow-up).
-- A notice row is inserted in the same transaction as its e-mails: two workers, or a job retried after a crash,
-- find it and send nothing more.
CREATE TABLE billing_notices (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('trial_reminder_30', 'trial_reminder_7', 'trial_reminder_1', 'trial_ended', 'welcome', 'checkout_followup')),
  -- What the notice is about when a kind can recur: the subscription (welcome) or the checkout (follow-up).
  ref text NOT NULL DEFAULT '',
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, kind, ref)
);

CREATE TABLE billing_checkouts (
  id text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'test_mode')),
  started_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_checkouts_company ON billing_checkouts (company_id, created_at DESC);
CREATE INDEX billing_checkouts_created ON billing_checkouts (created_at);
