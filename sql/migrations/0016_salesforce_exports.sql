-- The CRM export (issue 12; spec §3 salesforce_connections, export_schedules; design.md §2 CRM).
-- A connection row means connected; its tokens are AES-256-GCM ciphertext (services/crm/secret-box.ts), never
-- plain text, so a database dump does not hand out the company's Salesforce org.
CREATE TABLE salesforce_connections (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  instance_url text NOT NULL,
  identity_url text NOT NULL,
  sf_user_id text NOT NULL,
  sf_org_id text NOT NULL,
  sf_username text NOT NULL,
  access_token_enc text NOT NULL,
  refresh_token_enc text NOT NULL,
  -- 'broken' after Salesforce refused the refresh token (revoked, expired): the admin must reconnect.
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'broken')),
  connected_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  last_sync timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An OAuth attempt in flight: the state and the PKCE verifier stay on the server, bound to the admin's session
-- (not in the browser's storage). The verifier is cleared when used, so a replayed callback is refused.
CREATE TABLE salesforce_oauth_states (
  state_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  code_verifier text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX salesforce_oauth_states_expiry ON salesforce_oauth_states (expires_at);

-- One export schedule per company (the dashboard edits it; disabling keeps it for re-enabling).
CREATE TABLE export_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  day_of_week smallint CHECK (day_of_week BETWEEN 1 AND 5),
  day_of_month smallint CHECK (day_of_month BETWEEN 1 AND 28),
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  is_active boolean NOT NULL DEFAULT true,
  export_type text NOT NULL DEFAULT 'salesforce_chatter' CHECK (export_type IN ('salesforce_chatter')),
  -- Slots due before this are not run late (a schedule set at 10:00 for 09:00 starts next time).
  active_since timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((frequency = 'weekly' AND day_of_week IS NOT NULL) OR (frequency = 'monthly' AND day_of_month IS NOT NULL))
);

-- Every export, to Salesforce or (not connected) only here: the admin downloads this log as CSV.
CREATE TABLE export_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'scheduled', 'test')),
  requested_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  schedule_id uuid REFERENCES export_schedules (id) ON DELETE SET NULL,
  -- A scheduled run's slot ('2026-11-23' weekly, '2026-11' monthly): one export per schedule and slot.
  slot_key text,
  period_start date NOT NULL,
  period_end date NOT NULL,
  user_ids uuid[] NOT NULL,
  -- Where it went: Salesforce, or only this log (no connection).
  destination text NOT NULL DEFAULT 'pending' CHECK (destination IN ('pending', 'salesforce', 'log')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'recorded', 'failed')),
  -- The posts' text as sent (or as it would have been), and how many of them Salesforce has: a retry resumes
  -- after the last one accepted, so no post is sent twice.
  posts text[] NOT NULL DEFAULT '{}',
  posts_sent integer NOT NULL DEFAULT 0,
  salesforce_ids text[] NOT NULL DEFAULT '{}',
  attempts integer NOT NULL DEFAULT 0,
  -- A run holds the export until then (a lease, not a transaction across HTTP calls): a second worker given the
  -- same export meanwhile leaves it alone.
  claimed_until timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (period_start <= period_end)
);
CREATE UNIQUE INDEX export_log_slot ON export_log (schedule_id, slot_key) WHERE slot_key IS NOT NULL;
CREATE INDEX export_log_company ON export_log (company_id, created_at DESC);
