-- Client-ready evidence (issue 22 §3): the prospect's page and PDF name the brokerage and how to reach the broker,
-- the phone from the broker's profile (set on the pack page). Optional: a pack without one shows the e-mail only.
ALTER TABLE user_profiles ADD COLUMN phone text CHECK (phone IS NULL OR length(phone) BETWEEN 5 AND 40);
