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

-- The test-mode provider (the embedded default when no Stripe key is set, never in production) keeps its
-- checkouts and subscriptions here, standing in for Stripe's side; the product reads them only through the
-- provider interface, exactly as it reads Stripe.
CREATE TABLE test_mode_checkouts (
  id text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  admin_seats integer NOT NULL CHECK (admin_seats >= 1),
  broker_seats integer NOT NULL CHECK (broker_seats >= 0),
  billing text NOT NULL CHECK (billing IN ('monthly', 'annual')),
  company_finder boolean NOT NULL,
  client_data boolean NOT NULL,
  reactivation boolean NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'canceled')),
  subscription_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX test_mode_checkouts_company ON test_mode_checkouts (company_id, created_at DESC);

CREATE TABLE test_mode_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled', 'unpaid')),
  billing text NOT NULL CHECK (billing IN ('monthly', 'annual')),
  admin_seats integer NOT NULL CHECK (admin_seats >= 1),
  broker_seats integer NOT NULL CHECK (broker_seats >= 0),
  company_finder boolean NOT NULL,
  client_data boolean NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  current_period_end timestamptz NOT NULL,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL
);
