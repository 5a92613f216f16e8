-- Approvals granted for a lead, a pair, a band and a margin (issue 32), no longer for one pitch: every artefact that
-- shows a margin (a pitch, an evidence pack and each of its priced rows, a share link, a PDF) is judged on its own
-- figures by shared/src/margin-approval.ts, and an approval covers a figure of its lead, pair and band at or above the
-- approved bps until an admin withdraws it or the policy changes that band's floor (docs/decisions.md, 'Issue 32').

-- A request now names what it is for, whatever it was asked from (a saved pitch, a pack, the lead's details): the
-- pitch or pack stays as where it was asked, and may be absent.
ALTER TABLE margin_approvals
  ALTER COLUMN calculation_id DROP NOT NULL,
  ADD COLUMN pack_id uuid REFERENCES evidence_packs (id) ON DELETE SET NULL,
  ADD COLUMN pair text,
  ADD COLUMN band_from_gbp numeric(16, 2),
  ADD COLUMN band_to_gbp numeric(16, 2),
  -- The margin in pounds a year at the volume the pitch or pack states: what the admin gives away by approving.
  ADD COLUMN gbp_per_year numeric(16, 2),
  -- An approval ends when an admin withdraws it or a policy change moves its band's floor; it covers what was shown
  -- before it ended (the record of a pitch made under it stays approved), nothing made after.
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN ended_reason text CHECK (ended_reason IN ('withdrawn', 'policy')),
  ADD COLUMN ended_by_name text,
  -- When the admins' e-mail listing it was queued (services/margin/request-digest.ts): each request e-mailed once.
  ADD COLUMN digest_sent_at timestamptz,
  ADD CONSTRAINT margin_approvals_ended CHECK ((ended_at IS NULL) = (ended_reason IS NULL)),
  ADD CONSTRAINT margin_approvals_ended_approved CHECK (ended_at IS NULL OR status = 'approved');

-- Earlier requests were for one pitch: their pair is the pitch's, their band the one its ticket fell in under the
-- policy of the pitch's time (the floor they recorded), and their lead the pitch's by name as My Leads links them.
UPDATE margin_approvals a
SET pair = c.currency_pair,
    gbp_per_year = c.margin_gbp_per_year,
    lead_id = coalesce(a.lead_id, (
      SELECT l.id FROM user_leads l
      WHERE l.user_id = c.user_id AND l.normalized_name = c.normalized_client_name
    )),
    band_from_gbp = coalesce((
      SELECT (b ->> 'fromGbp')::numeric
      FROM margin_policy_versions v, jsonb_array_elements(v.floors -> c.currency_pair) b
      WHERE v.id = (
          SELECT v2.id FROM margin_policy_versions v2
          WHERE v2.company_id = c.company_id AND v2.changed_at <= c.created_at
          ORDER BY v2.changed_at DESC, v2.id DESC LIMIT 1
        )
        AND c.margin_ticket_gbp >= (b ->> 'fromGbp')::numeric
        AND (b ->> 'toGbp' IS NULL OR c.margin_ticket_gbp < (b ->> 'toGbp')::numeric)
      LIMIT 1
    ), 0),
    band_to_gbp = (
      SELECT (b ->> 'toGbp')::numeric
      FROM margin_policy_versions v, jsonb_array_elements(v.floors -> c.currency_pair) b
      WHERE v.id = (
          SELECT v2.id FROM margin_policy_versions v2
          WHERE v2.company_id = c.company_id AND v2.changed_at <= c.created_at
          ORDER BY v2.changed_at DESC, v2.id DESC LIMIT 1
        )
        AND c.margin_ticket_gbp >= (b ->> 'fromGbp')::numeric
        AND (b ->> 'toGbp' IS NULL OR c.margin_ticket_gbp < (b ->> 'toGbp')::numeric)
      LIMIT 1
    )
FROM calculations c
WHERE c.id = a.calculation_id;

ALTER TABLE margin_approvals
  ALTER COLUMN pair SET NOT NULL,
  ALTER COLUMN band_from_gbp SET NOT NULL,
  ADD CONSTRAINT margin_approvals_band CHECK (band_to_gbp IS NULL OR band_to_gbp > band_from_gbp),
  -- A request names what it was asked from: a pitch or a pack (both may go later; the lead stays the key).
  ADD CONSTRAINT margin_approvals_lead_or_legacy CHECK (lead_id IS NOT NULL OR calculation_id IS NOT NULL);

-- One open request per lead, pair and band: asking again from another page while one waits finds it, not a twin.
DROP INDEX margin_approvals_one_live;
CREATE UNIQUE INDEX margin_approvals_one_pending ON margin_approvals (lead_id, pair, band_from_gbp)
  WHERE status = 'pending';
-- The gate's lookup: a lead's standing approvals.
CREATE INDEX margin_approvals_lead ON margin_approvals (lead_id, pair) WHERE status = 'approved';

-- A pitch is filed under its lead by id (the one the calculator recorded it under on Calculate, by the shared matcher,
-- so a near-identical name is that lead): approvals, the margin card and the reports follow the lead, not a name.
-- Earlier pitches take their lead by exact name, as My Leads linked them.
ALTER TABLE calculations ADD COLUMN lead_id uuid REFERENCES user_leads (id) ON DELETE SET NULL;
UPDATE calculations c SET lead_id = l.id
FROM user_leads l
WHERE l.user_id = c.user_id AND l.normalized_name = c.normalized_client_name;
CREATE INDEX calculations_lead ON calculations (lead_id, created_at) WHERE lead_id IS NOT NULL;
