-- Billing (design.md §2 payments, §5 billing trust): the payment provider's events, each applied once, and what
-- the company row needs to mirror the provider's subscription. Billing state changes only from verified provider
-- events (or the test-mode checkout), never from the browser.

-- Every provider event we have applied, by the provider's own id: a redelivery finds its row and changes nothing.
CREATE TABLE billing_events (
  id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'test_mode')),
  type text NOT NULL,
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  -- What applying it did, in words (for support): 'converged to active', 'no company for customer …'.
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_events_company ON billing_events (company_id, received_at DESC);

ALTER TABLE companies
  -- The end of the paid period the provider last told us about (a monthly cancellation keeps access until then).
  ADD COLUMN current_period_end timestamptz,
  ADD COLUMN cancellation_reason text,
  ADD COLUMN cancellation_feedback text;

-- One company per provider customer and per subscription.
CREATE UNIQUE INDEX companies_stripe_customer ON companies (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;
CREATE UNIQUE INDEX companies_stripe_subscription ON companies (stripe_subscription_id)
  WHERE stripe_subscription_id IS NOT NULL;
