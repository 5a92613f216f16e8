-- After access ends (trial lock, annual cancel, a cancelled monthly plan's end) a company's data is kept 30 days,
-- then deleted by a scheduled job (design.md §3; services/company/retention.ts). access_ended_at is when the lock
-- began: set here, in one place, whichever path locks the company (each sets updated_at to its clock), and cleared
-- when a new subscription unlocks it, which restores everything.
ALTER TABLE companies ADD COLUMN access_ended_at timestamptz;

CREATE FUNCTION companies_access_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_locked AND NOT OLD.account_locked THEN
    NEW.access_ended_at := NEW.updated_at;
  ELSIF NOT NEW.account_locked THEN
    NEW.access_ended_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER companies_access_ended BEFORE UPDATE OF account_locked ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_access_ended();

UPDATE companies SET access_ended_at = updated_at WHERE account_locked;

CREATE INDEX companies_access_ended ON companies (access_ended_at) WHERE account_locked;

-- The e-mail telling admins that access ended (other than a trial's end) and until when the data is kept.
ALTER TABLE billing_notices DROP CONSTRAINT billing_notices_kind_check;
ALTER TABLE billing_notices ADD CONSTRAINT billing_notices_kind_check
  CHECK (kind IN ('trial_reminder_30', 'trial_reminder_7', 'trial_reminder_1', 'trial_ended', 'welcome',
                  'checkout_followup', 'access_ended'));
