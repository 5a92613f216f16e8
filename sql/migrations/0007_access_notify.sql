-- Access changes are announced on the channel 'access_changed', so every server process ends the live
-- streams of a member who lost access at once (server/src/services/auth/session-watch.ts LISTENs). The
-- payload names what changed: 's:<session id>' (sign-out, deactivation, password reset: sessions are
-- deleted), 'u:<user id>' (a profile deactivated), 'c:<company id>' (locked, trial or subscription changed).
-- NOTIFY is sent on commit, so a rolled-back change announces nothing.

CREATE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 's:' || OLD.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_announce_end
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

CREATE FUNCTION notify_member_deactivated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'u:' || NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER user_profiles_announce_deactivation
  AFTER UPDATE OF is_active ON user_profiles
  FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active)
  EXECUTE FUNCTION notify_member_deactivated();

CREATE FUNCTION notify_company_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'c:' || NEW.id);
  RETURN NULL;
END
$$;

-- Any change of the facts that decide company access (shared/src/access.ts companyAccess).
CREATE TRIGGER companies_announce_access_change
  AFTER UPDATE OF account_locked, subscription_status, subscription_active, trial_ends_at ON companies
  FOR EACH ROW WHEN (
    OLD.account_locked IS DISTINCT FROM NEW.account_locked
    OR OLD.subscription_status IS DISTINCT FROM NEW.subscription_status
    OR OLD.subscription_active IS DISTINCT FROM NEW.subscription_active
    OR OLD.trial_ends_at IS DISTINCT FROM NEW.trial_ends_at
  )
  EXECUTE FUNCTION notify_company_access_changed();
