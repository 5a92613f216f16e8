-- Verify-first signup (issue 19): the wizard's answers wait here until the link e-mailed to the address is
-- opened; only then do the company, its owner and the trial exist. The token is stored hashed like the
-- reset links. One open request per address: a newer one replaces it.
CREATE TABLE signup_requests (
  token_hash text PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(btrim(email))),
  company_name text NOT NULL,
  company_domain text NOT NULL,
  full_name text NOT NULL,
  password_hash text NOT NULL,
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'annual')),
  admin_seats integer NOT NULL CHECK (admin_seats >= 1),
  broker_seats integer NOT NULL CHECK (broker_seats >= 0),
  company_finder boolean NOT NULL DEFAULT false,
  client_data boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX signup_requests_email ON signup_requests (email);
CREATE INDEX signup_requests_expires ON signup_requests (expires_at);
