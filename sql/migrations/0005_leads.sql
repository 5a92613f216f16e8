-- My Leads (spec §3 `user_leads`): each broker's own list of companies, from the calculator or the finder.
CREATE TABLE user_leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  custom_name text NOT NULL CHECK (length(btrim(custom_name)) > 0),
  -- shared/src/names.ts normaliseCompanyName; never empty (a name that normalises to nothing is no lead).
  normalized_name text NOT NULL CHECK (normalized_name <> ''),
  company_number text,
  contacted boolean NOT NULL DEFAULT false,
  source text NOT NULL CHECK (source IN ('calculator', 'manual_search', 'similar_results')),
  first_added_at timestamptz NOT NULL DEFAULT now(),
  last_contacted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  industry text,
  sic_codes text[] NOT NULL DEFAULT '{}',
  estimated_size text,
  location text,
  postcode text
);
-- Exact duplicates are impossible; near-duplicates are caught by the shared matcher before inserting.
CREATE UNIQUE INDEX user_leads_user_name ON user_leads (user_id, normalized_name);
CREATE INDEX user_leads_user_added ON user_leads (user_id, first_added_at DESC);
