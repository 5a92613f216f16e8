-- Annual → monthly at the end of the paid year (issue 20): the switch the provider has scheduled (Stripe: a
-- subscription schedule), mirrored on the company by the convergence like the rest of its plan, so the account
-- page shows 'Switches to monthly billing on …' with 'Cancel this change'. Both set or neither.
ALTER TABLE companies
  ADD COLUMN billing_switch_to text CHECK (billing_switch_to IN ('monthly', 'annual')),
  ADD COLUMN billing_switch_on timestamptz,
  ADD CONSTRAINT companies_billing_switch_both CHECK ((billing_switch_to IS NULL) = (billing_switch_on IS NULL));

-- Test mode's stand-in for Stripe's schedule: the period the next renewal switches to, made (and charged) once by
-- the period-end job under the subscription's row lock.
ALTER TABLE test_mode_subscriptions
  ADD COLUMN switch_to_billing text CHECK (switch_to_billing IN ('monthly', 'annual'));

-- One e-mail per scheduled switch.
ALTER TABLE billing_notices DROP CONSTRAINT billing_notices_kind_check;
ALTER TABLE billing_notices ADD CONSTRAINT billing_notices_kind_check
  CHECK (kind IN ('trial_reminder_30', 'trial_reminder_7', 'trial_reminder_1', 'trial_ended', 'welcome',
                  'checkout_followup', 'access_ended', 'trial_cancelled', 'cancellation_scheduled', 'reactivated',
                  'billing_switch_scheduled'));
