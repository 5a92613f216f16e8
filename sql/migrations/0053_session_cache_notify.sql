-- Sessions are held in memory by every server process (issue 35, server/src/services/auth/session-cache.ts), so
-- every change to what a session gives is announced on 'access_changed', not only the losses of access that 0007
-- announced for the live streams: a member's role, name, e-mail or company (and deactivation, as before) as
-- 'u:<user id>'; a company's name, add-ons, seats and the end of its access (and its access facts, as before) as
-- 'c:<company id>'. Deleted sessions stay announced by 0007's trigger ('s:<session id>'), which a member's or a
-- company's deletion also fires through ON DELETE CASCADE. NOTIFY is sent on commit.

DROP TRIGGER user_profiles_announce_deactivation ON user_profiles;
DROP FUNCTION notify_member_deactivated();

CREATE FUNCTION notify_member_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'u:' || NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER user_profiles_announce_change
  AFTER UPDATE OF is_active, role_type, email, full_name, company_id ON user_profiles
  FOR EACH ROW WHEN (
    OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.role_type IS DISTINCT FROM NEW.role_type
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.full_name IS DISTINCT FROM NEW.full_name
    OR OLD.company_id IS DISTINCT FROM NEW.company_id
  )
  EXECUTE FUNCTION notify_member_changed();

DROP TRIGGER companies_announce_access_change ON companies;

CREATE TRIGGER companies_announce_change
  AFTER UPDATE OF account_locked, subscription_status, subscription_active, trial_ends_at, access_ended_at, name,
    company_finder_enabled, client_data_enabled, admin_seats, junior_seats ON companies
  FOR EACH ROW WHEN (
    OLD.account_locked IS DISTINCT FROM NEW.account_locked
    OR OLD.subscription_status IS DISTINCT FROM NEW.subscription_status
    OR OLD.subscription_active IS DISTINCT FROM NEW.subscription_active
    OR OLD.trial_ends_at IS DISTINCT FROM NEW.trial_ends_at
    OR OLD.access_ended_at IS DISTINCT FROM NEW.access_ended_at
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.company_finder_enabled IS DISTINCT FROM NEW.company_finder_enabled
    OR OLD.client_data_enabled IS DISTINCT FROM NEW.client_data_enabled
    OR OLD.admin_seats IS DISTINCT FROM NEW.admin_seats
    OR OLD.junior_seats IS DISTINCT FROM NEW.junior_seats
  )
  EXECUTE FUNCTION notify_company_access_changed();

-- What auth.session serves beside the session is held with it (the margin policy's options, the member's unread
-- decisions: services/auth/session-view.ts), so changes to those are announced the same way: a new policy version
-- as 'c:<company id>', a member's notifications added, read or removed as 'u:<user id>' (identical announcements
-- of one transaction reach listeners once).

CREATE FUNCTION notify_member_notifications_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'u:' || COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_announce_change
  AFTER INSERT OR DELETE OR UPDATE OF read_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_member_notifications_changed();

CREATE FUNCTION notify_margin_policy_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'c:' || NEW.company_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER margin_policy_versions_announce
  AFTER INSERT ON margin_policy_versions
  FOR EACH ROW EXECUTE FUNCTION notify_margin_policy_changed();
