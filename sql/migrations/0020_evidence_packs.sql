-- Evidence packs (issue 14 §3): a prospect's past trades priced against the mid at each trade's minute, saved on
-- the broker's lead. The priced rows, the rows left out (with their reasons) and the totals are stored as computed
-- (shared/src/pack.ts): historical mids do not change, and the pack must read tomorrow exactly as it read today.
CREATE TABLE evidence_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES user_leads (id) ON DELETE CASCADE,
  margin_bps integer NOT NULL CHECK (margin_bps BETWEEN 0 AND 500),
  trades jsonb NOT NULL,
  bad_rows jsonb NOT NULL,
  totals jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The prospect's read-only link: only a hash of its token is kept; one live link per pack at a time.
  share_token_hash text UNIQUE,
  share_expires_at timestamptz,
  share_revoked_at timestamptz,
  -- Set once, by the first view (the broker is e-mailed then, exactly once).
  share_first_viewed_at timestamptz
);
CREATE INDEX evidence_packs_lead ON evidence_packs (lead_id, created_at DESC);
CREATE INDEX evidence_packs_company ON evidence_packs (company_id, created_at DESC);

CREATE TABLE evidence_pack_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pack_id uuid NOT NULL REFERENCES evidence_packs (id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  user_agent text
);
CREATE INDEX evidence_pack_views_pack ON evidence_pack_views (pack_id, viewed_at DESC);
