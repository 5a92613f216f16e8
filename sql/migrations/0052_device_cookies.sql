-- Issue 30 §2: an owner nobody can lock out. Sign-in failures are counted per device for a browser that has signed
-- in before (a device cookie, signed with a key kept here) and together for every other client; a member whose new
-- browser is locked out is e-mailed a link that makes that browser a known device.
--
-- The signing key lives in the database, made by the first server to need it (services/auth/device-cookie.ts), so
-- every server process signs and checks with the same key and no new setting is needed. Whoever can read this table
-- can also read the password hashes: a forged device cookie would buy them only guesses, not a sign-in.
CREATE TABLE auth_signing_keys (
  name text PRIMARY KEY,
  key bytea NOT NULL CHECK (octet_length(key) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The e-mailed unlock links: only a hash of the token is kept; a link works once, within the hour.
CREATE TABLE sign_in_unlocks (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES user_profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_unlocks_user ON sign_in_unlocks (user_id);
