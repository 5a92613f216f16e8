-- Re-pricing alerts (issue 14 §4). Each night every broker's leads with a calculation are re-priced on the current
-- mid with the last calculation's inputs (services/alerts/reprice.ts); a lead whose annual saving moved by more than
-- the broker's threshold is flagged in My Leads and listed in a morning digest e-mail.

-- One row per lead: the last re-pricing. flagged_since is the London date it became flagged (kept while it stays
-- flagged, cleared when it falls back), so a digest lists a lead once, on the morning it moved.
CREATE TABLE lead_repricings (
  lead_id uuid PRIMARY KEY REFERENCES user_leads (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  calculation_id uuid NOT NULL REFERENCES calculations (id) ON DELETE CASCADE,
  calculated_at timestamptz NOT NULL,
  base_annual_savings numeric(16, 2) NOT NULL,
  repriced_annual_savings numeric(16, 2) NOT NULL,
  change_pct numeric(10, 2) NOT NULL,
  flagged_since date,
  repriced_on date NOT NULL
);
CREATE INDEX lead_repricings_user_flagged ON lead_repricings (user_id, flagged_since) WHERE flagged_since IS NOT NULL;

-- The broker's threshold (percent of the annual saving) and the morning digest's opt-out. The unsubscribe token is
-- random and only unsubscribes, so it is kept as is (an e-mail must be able to carry it every morning).
ALTER TABLE user_profiles
  ADD COLUMN reprice_threshold_pct integer NOT NULL DEFAULT 10 CHECK (reprice_threshold_pct BETWEEN 1 AND 100),
  ADD COLUMN digest_unsubscribed_at timestamptz,
  ADD COLUMN digest_token text NOT NULL UNIQUE
    DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');

-- One digest per broker per London day, whichever worker sends it and however often the job runs.
CREATE TABLE alert_digests (
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  digest_date date NOT NULL,
  leads integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, digest_date)
);
