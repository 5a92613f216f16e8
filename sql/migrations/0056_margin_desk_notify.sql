-- The desk sees a request at once (issue 32 §3): every change to a company's margin approvals — a request asked or
-- moved down, a decision, a withdrawal, the end of an approval by a policy change — is announced on 'margin_desk'
-- with the company's id, so each server process (one LISTEN connection, services/margin/desk-feed.ts) tells that
-- company's open pages: admins' badge and queue, and the broker's requests, are read again without a reload.
-- The payload carries no figures: pages re-read through their scoped procedures. NOTIFY is sent on commit, and
-- identical payloads of one transaction are sent once.

CREATE FUNCTION notify_margin_desk() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('margin_desk', NEW.company_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER margin_approvals_announce
  AFTER INSERT OR UPDATE ON margin_approvals
  FOR EACH ROW EXECUTE FUNCTION notify_margin_desk();
