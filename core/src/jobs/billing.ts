/** The trial's end and abandoned checkouts, on schedules (issue 11 §8): each run is safe to repeat or overlap. */
import { defineSweep } from './define';

// Every 5 minutes: a trial is locked within minutes of its end; reminders go out the same day.
export const trialLifecycleJob = defineSweep({ name: 'trial-lifecycle', cron: '*/5 * * * *' });

export const checkoutFollowUpJob = defineSweep({ name: 'checkout-follow-up', cron: '23 * * * *' });

/** Test mode only: the end of each paid period, as Stripe would run it (no-op with Stripe). */
export const testModePeriodsJob = defineSweep({ name: 'test-mode-periods', cron: '*/5 * * * *' });
