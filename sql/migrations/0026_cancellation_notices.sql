-- A cancellation e-mail on every path (issue 20 §6): a trial cancelled (access ends at once), a monthly plan set
-- to end with its paid period, and a scheduled cancellation undone (Reactivate). Annual plans, which end at once,
-- already get 'access_ended' from the provider's event.
ALTER TABLE billing_notices DROP CONSTRAINT billing_notices_kind_check;
ALTER TABLE billing_notices ADD CONSTRAINT billing_notices_kind_check
  CHECK (kind IN ('trial_reminder_30', 'trial_reminder_7', 'trial_reminder_1', 'trial_ended', 'welcome',
                  'checkout_followup', 'access_ended', 'trial_cancelled', 'cancellation_scheduled', 'reactivated'));
