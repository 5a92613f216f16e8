-- The desk's margin policy (issue 25): floors per pair and ticket size band, in bps of the mid, the 'Inflate Your
-- Margin' options brokers may use, approvals for pitches below a floor, and the in-app notifications of decisions.

-- Every change is a new row, never an update: the newest row is the policy in force, consecutive rows are the change
-- log (who, when, old → new), and the policy that applied to a pitch is the newest row at or before the pitch's
-- created_at (docs/decisions.md, 'Margin policy'). A company without rows has the default policy (no floors, every
-- option). The shapes are shared/src/margin-policy.ts's MarginPolicy, validated by the service before writing.
CREATE TABLE margin_policy_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  floors jsonb NOT NULL CHECK (jsonb_typeof(floors) = 'object'),
  margin_options integer[] NOT NULL CHECK (
    cardinality(margin_options) > 0 AND margin_options <@ ARRAY[0, 10, 20, 30, 40, 50]
  ),
  -- Kept when the admin is deleted: the log still says a change happened, and when.
  changed_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  changed_by_name text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX margin_policy_versions_company ON margin_policy_versions (company_id, changed_at DESC, id DESC);

-- A broker's request to use a pitch below the floor. The margin and the floor are kept as they were when it was
-- asked, so the queue and the record read the same after the policy changes. One decision per request: the decide
-- is an UPDATE … WHERE status = 'pending', so of two admins deciding at once exactly one changes the row.
CREATE TABLE margin_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  calculation_id uuid NOT NULL REFERENCES calculations (id) ON DELETE CASCADE,
  lead_id uuid REFERENCES user_leads (id) ON DELETE SET NULL,
  requested_by uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 1000),
  margin_bps numeric(8, 1) NOT NULL,
  floor_bps numeric(5, 1) NOT NULL CHECK (floor_bps BETWEEN 0 AND 500),
  floor_label text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  decided_by uuid REFERENCES user_profiles (id) ON DELETE SET NULL,
  decided_by_name text,
  decision_note text CHECK (decision_note IS NULL OR length(decision_note) <= 1000),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT margin_approvals_decided CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- A pitch has at most one open or granted request; after a decline the broker may ask again.
CREATE UNIQUE INDEX margin_approvals_one_live ON margin_approvals (calculation_id) WHERE status <> 'declined';
CREATE INDEX margin_approvals_queue ON margin_approvals (company_id, created_at) WHERE status = 'pending';

-- What a member is told in the app (a decision on their request); e-mails go through email_outbox as ever.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('margin_approved', 'margin_declined')),
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);
