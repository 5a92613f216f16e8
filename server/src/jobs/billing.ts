/** The trial's end and abandoned checkouts, on schedules (issue 11 §8): each run is safe to repeat or overlap. */
import { defineJob, z } from './define';

export const trialLifecycleJob = defineJob({
  name: 'trial-lifecycle',
  payload: z.object({}),
  // Every 5 minutes: a trial is locked within minutes of its end; reminders go out the same day.
  schedule: { cron: '*/5 * * * *', payload: {} },
  policy: 'singleton',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  pollingIntervalSeconds: 5,
});

export const checkoutFollowUpJob = defineJob({
  name: 'checkout-follow-up',
  payload: z.object({}),
  schedule: { cron: '23 * * * *', payload: {} },
  policy: 'singleton',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  pollingIntervalSeconds: 5,
});

/** Test mode only: the end of each paid period, as Stripe would run it (no-op with Stripe). */
export const testModePeriodsJob = defineJob({
  name: 'test-mode-periods',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *', payload: {} },
  policy: 'singleton',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  pollingIntervalSeconds: 5,
});
