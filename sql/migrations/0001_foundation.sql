-- Foundation: companies, members and their credentials, sessions, invitations, password resets,
-- activity, the e-mail outbox and rate-limit counters. Spec §3; design.md §3 and §5.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  domain text NOT NULL CHECK (length(btrim(domain)) > 0),
  -- Billing fields are only ever written by the server (signup, verified payment events).
  subscription_status text NOT NULL DEFAULT 'trialing'
    CHECK (subscription_status IN ('trialing', 'active', 'past_due', 'canceled', 'locked')),
  subscription_type text NOT NULL DEFAULT 'trial' CHECK (subscription_type IN ('trial', 'monthly', 'annual')),
  -- The plan chosen at signup (or later), billed once the trial converts.
  billing_period text NOT NULL DEFAULT 'monthly' CHECK (billing_period IN ('monthly', 'annual')),
  subscription_active boolean NOT NULL DEFAULT true,
  trial_ends_at timestamptz,
  account_locked boolean NOT NULL DEFAULT false,
  admin_seats integer NOT NULL DEFAULT 1 CHECK (admin_seats >= 1),
  junior_seats integer NOT NULL DEFAULT 5 CHECK (junior_seats >= 0),
  subscription_seats integer GENERATED ALWAYS AS (admin_seats + junior_seats) STORED,
  price_per_month numeric(10, 2) NOT NULL CHECK (price_per_month >= 0),
  subscription_price numeric(10, 2) NOT NULL CHECK (subscription_price >= 0),
  discount_percentage integer NOT NULL DEFAULT 0 CHECK (discount_percentage BETWEEN 0 AND 100),
  stripe_customer_id text,
  stripe_subscription_id text,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  scheduled_cancellation_date timestamptz,
  cancelled_at timestamptz,
  grace_period_used boolean NOT NULL DEFAULT false,
  company_finder_enabled boolean NOT NULL DEFAULT false,
  client_data_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- 'A company with this name already exists': names are unique regardless of case and spacing.
CREATE UNIQUE INDEX companies_name_unique ON companies (lower(btrim(name)));

CREATE TABLE user_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  role_type text NOT NULL CHECK (role_type IN ('admin', 'super_admin', 'junior')),
  full_name text NOT NULL,
  email text NOT NULL CHECK (email = lower(btrim(email)) AND position('@' IN email) > 1),
  is_active boolean NOT NULL DEFAULT true,
  invited_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  invited_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_profiles_email_unique ON user_profiles (email);
CREATE INDEX user_profiles_company ON user_profiles (company_id);

-- Credentials live apart from the profile so no profile query can ever carry a hash by accident.
CREATE TABLE user_credentials (
  user_id uuid PRIMARY KEY REFERENCES user_profiles (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The cookie holds a random token; only its SHA-256 is stored, so a database leak yields no sessions.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  user_agent text,
  ip text
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  invited_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  email text NOT NULL CHECK (email = lower(btrim(email))),
  role_type text NOT NULL CHECK (role_type IN ('admin', 'junior')),
  invitee_name text,
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX invitations_company ON invitations (company_id, created_at DESC);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

CREATE TABLE activity_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  action_type text NOT NULL CHECK (action_type IN ('calculation', 'seat_change', 'users_removed')),
  description text,
  amount numeric(14, 2),
  calculation_data jsonb,
  client_name text,
  currency_pair text,
  your_rate numeric(14, 6),
  competitor_rate numeric(14, 6),
  amount_to_buy numeric(16, 2),
  trades_per_year integer,
  payment_amount numeric(8, 1),
  pips_difference numeric(10, 1),
  savings_amount numeric(16, 2),
  cost_with_competitor numeric(16, 2),
  cost_with_us numeric(16, 2),
  savings_per_trade numeric(16, 2),
  annual_savings numeric(16, 2),
  percentage_savings numeric(8, 2),
  comparison_date date,
  price_difference numeric(14, 4),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_logs_company_time ON activity_logs (company_id, created_at DESC);
CREATE INDEX activity_logs_user_time ON activity_logs (user_id, created_at DESC);

-- Transactional outbox: an e-mail is a row written in the same transaction as the change that causes
-- it; the worker delivers it (SMTP when configured) and the row stays viewable either way.
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  template text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE status = 'pending';

-- Fixed-window counters shared by every server process (login and reset throttling).
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

CREATE FUNCTION notify_email_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('email_outbox', NEW.id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER email_outbox_notify AFTER INSERT ON email_outbox
  FOR EACH ROW EXECUTE FUNCTION notify_email_outbox();
