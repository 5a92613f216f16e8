/**
 * One handler per job in server/src/jobs/index.ts, each calling a service. This is the one place the worker
 * registers them; a job without a handler does not type check.
 */

import { type Jobs, jobs } from '@pippitch/server/jobs/index';
import type { PaymentProvider } from '@pippitch/server/providers/payments/types';
import { pruneRateLimits } from '@pippitch/server/services/auth/rate-limit';
import { pruneExpiredSessions } from '@pippitch/server/services/auth/sessions';
import { sendCheckoutFollowUps } from '@pippitch/server/services/billing/checkout-followups';
import { endTestModePeriods } from '@pippitch/server/services/billing/test-mode-periods';
import { runTrialLifecycle } from '@pippitch/server/services/billing/trial-lifecycle';
import type { Database } from '@pippitch/sql';
import { type JobHandler, type RegisteredJob, registerJob } from './handler';

export interface HandlerDeps {
  db: Database;
  log: (line: string) => void;
  /** The address in e-mail links (config.publicUrl). */
  appUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The payment provider (test mode's period ends are run here). */
  payments?: PaymentProvider | null;
}

type Handlers = { [K in keyof Jobs]: JobHandler<Jobs[K]> };

export function createHandlers({ db, log, appUrl, now = () => new Date(), payments = null }: HandlerDeps): Handlers {
  return {
    pruneExpiredSessions: () => pruneExpiredSessions(db),
    pruneRateLimits: () => pruneRateLimits(db),
    trialLifecycle: async () => {
      const run = await runTrialLifecycle(db, now(), appUrl);
      if (run.locked || run.reminders) log(`trials: ${run.locked} locked, ${run.reminders} reminders sent`);
    },
    testModePeriods: async () => {
      const changed = await endTestModePeriods(db, payments, now(), appUrl);
      if (changed) log(`test mode: ${changed} subscription periods ended`);
    },
    checkoutFollowUp: async () => {
      const sent = await sendCheckoutFollowUps(db, now(), appUrl);
      if (sent) log(`checkouts: ${sent} follow-up e-mails sent`);
    },
  };
}

/** Every job with its handler, for the runner. */
export function productJobs(deps: HandlerDeps): RegisteredJob[] {
  const handlers = createHandlers(deps);
  return (Object.keys(jobs) as (keyof Jobs)[]).map((key) =>
    registerJob(jobs[key], handlers[key] as RegisteredJob['handler']),
  );
}
