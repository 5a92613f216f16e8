-- Security, the last mile (issue 30).

-- 1. Verify-first signup without a password: the owner chooses it on the page the e-mailed link opens, so a
-- password typed by someone who never held the mailbox is never stored. Open requests keep working; their
-- holders choose a password when they open them.
ALTER TABLE signup_requests DROP COLUMN password_hash;
COMMENT ON TABLE signup_requests IS
  'Verify-first signup: the wizard''s answers until the e-mailed link is opened; every request stands on its own (issue 30).';

-- 2. Names never hold control characters (shared/src/input.ts NAME_FORBIDDEN, the same set): C0 with tab, CR and
-- LF; DEL; C1; the line and paragraph separators; the bidirectional embeddings, overrides and isolates.
CREATE FUNCTION name_is_clean(value text) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN value !~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]';

-- A run of them becomes one space (a line break between two words was a space to whoever typed it).
CREATE FUNCTION clean_name(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN btrim(regexp_replace(value, '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+', ' ', 'g'));

-- Companies: names are unique regardless of case and outer spaces, so a cleaned name that meets another company's
-- gets a few characters of its own id; one left with nothing gets 'Company' and the same.
UPDATE companies c
SET name = CASE
    WHEN clean_name(c.name) = ''
      OR EXISTS (
        SELECT 1 FROM companies o
        WHERE o.id <> c.id AND lower(btrim(clean_name(o.name))) = lower(clean_name(c.name))
      )
    THEN btrim(coalesce(nullif(clean_name(c.name), ''), 'Company') || ' (' || left(c.id::text, 8) || ')')
    ELSE clean_name(c.name)
  END,
  updated_at = now()
WHERE NOT name_is_clean(c.name);

UPDATE user_profiles SET full_name = coalesce(nullif(clean_name(full_name), ''), email)
WHERE NOT name_is_clean(full_name);
UPDATE user_leads SET custom_name = coalesce(nullif(clean_name(custom_name), ''), normalized_name)
WHERE NOT name_is_clean(custom_name);
UPDATE calculations SET client_name = nullif(clean_name(client_name), '') WHERE NOT name_is_clean(client_name);
UPDATE activity_logs SET client_name = nullif(clean_name(client_name), '') WHERE NOT name_is_clean(client_name);
UPDATE invitations SET invitee_name = nullif(clean_name(invitee_name), '') WHERE NOT name_is_clean(invitee_name);
UPDATE margin_policy_versions SET changed_by_name = clean_name(changed_by_name) WHERE NOT name_is_clean(changed_by_name);
UPDATE margin_approvals SET decided_by_name = clean_name(decided_by_name) WHERE NOT name_is_clean(decided_by_name);
-- Open sign-up requests: the link's page shows and prefills these.
UPDATE signup_requests
SET company_name = clean_name(company_name), full_name = clean_name(full_name)
WHERE NOT name_is_clean(company_name) OR NOT name_is_clean(full_name);

-- The database's backstop for the names people read in e-mails, CSVs and PDFs.
ALTER TABLE companies ADD CONSTRAINT companies_name_clean CHECK (name_is_clean(name));
ALTER TABLE user_profiles ADD CONSTRAINT user_profiles_full_name_clean CHECK (name_is_clean(full_name));
ALTER TABLE user_leads ADD CONSTRAINT user_leads_custom_name_clean CHECK (name_is_clean(custom_name));
ALTER TABLE calculations ADD CONSTRAINT calculations_client_name_clean CHECK (name_is_clean(client_name));
