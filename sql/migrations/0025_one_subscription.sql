-- One live subscription per company, held by the data (issue 20 §1). A company may have at most one checkout
-- open at the provider: starting another first closes the open one (services/billing/checkout.ts, under the
-- company's row lock), and this index refuses a second open row whatever the code does.
ALTER TABLE billing_checkouts ADD COLUMN closed_at timestamptz;
-- Checkouts started before this rule are treated as closed (the follow-up e-mail still reads created_at).
UPDATE billing_checkouts SET closed_at = created_at;
CREATE UNIQUE INDEX billing_checkouts_one_open ON billing_checkouts (company_id) WHERE closed_at IS NULL;

-- The test-mode provider's side (standing in for Stripe): at most one live subscription per customer, a trial
-- that runs to its end before the first charge (Stripe's trial_end), and every charge it takes, so tests and
-- the account page compare what was shown with what was charged.
ALTER TABLE test_mode_subscriptions DROP CONSTRAINT test_mode_subscriptions_status_check;
ALTER TABLE test_mode_subscriptions
  ADD CONSTRAINT test_mode_subscriptions_status_check
    CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'unpaid')),
  ADD COLUMN trial_end timestamptz,
  ADD COLUMN current_period_start timestamptz;
UPDATE test_mode_subscriptions SET current_period_start = created_at;
ALTER TABLE test_mode_subscriptions ALTER COLUMN current_period_start SET NOT NULL;
CREATE UNIQUE INDEX test_mode_subscriptions_one_live ON test_mode_subscriptions (customer_id)
  WHERE status IN ('trialing', 'active', 'past_due');

ALTER TABLE test_mode_checkouts ADD COLUMN trial_end timestamptz;

CREATE TABLE test_mode_invoices (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES test_mode_subscriptions (id) ON DELETE CASCADE,
  -- Pence, VAT included; a change that lowers the price gives no refund and charges 0.
  amount_due integer NOT NULL CHECK (amount_due >= 0),
  description text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX test_mode_invoices_subscription ON test_mode_invoices (subscription_id, created_at);
