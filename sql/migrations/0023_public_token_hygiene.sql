-- Public token pages (issue 19).
-- 1. The digest's unsubscribe link: a fresh random token per e-mail, stored only as its hash, and all of a member's
--    tokens end when they unsubscribe or subscribe again, so an old e-mail's link never works a second time.
--    (The plain per-member token of migration 0021 is dropped: links in digests already sent stop working, and the
--    page then points to the setting in My Leads.)
CREATE TABLE digest_unsubscribe_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX digest_unsubscribe_tokens_user ON digest_unsubscribe_tokens (user_id);
ALTER TABLE user_profiles DROP COLUMN digest_token;

-- 2. A shared pack's views: at most one row per visitor (a hash of client address and browser, never the address
--    itself) and London day, however often the page is reloaded.
ALTER TABLE evidence_pack_views
  ADD COLUMN visitor_hash text,
  ADD COLUMN view_day date;
CREATE UNIQUE INDEX evidence_pack_views_once_a_day ON evidence_pack_views (pack_id, visitor_hash, view_day);
