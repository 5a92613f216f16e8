/**
 * One handler per job in core/src/jobs/index.ts, each calling a service. This is the one place the worker
 * registers them; a job without a handler does not type check.
 */

import { repriceLeads } from '@pippitch/core/alerts';
import { pruneExpiredSessions, pruneRateLimits } from '@pippitch/core/auth';
import { endTestModePeriods, runTrialLifecycle, sendCheckoutFollowUps } from '@pippitch/core/billing';
import { deleteExpiredCompanies } from '@pippitch/core/company';
import { type Jobs, jobs } from '@pippitch/core/jobs';
import { sendRequestDigest } from '@pippitch/core/margin';
import type { EcbRatesProvider, HistoryProvider } from '@pippitch/core/market';
import { logDailyBars, refreshEcbRates, runMarketHistory } from '@pippitch/core/market';
import type { CrmProvider } from '@pippitch/core/providers/crm';
import type { PaymentProvider } from '@pippitch/core/providers/payments';
import { dispatchMonthlyReports, failReport, generateReport } from '@pippitch/core/reports';
import { dispatchScheduledExports, runExport } from '@pippitch/core/salesforce';
import type { Database, Log } from '@pippitch/sql';
import type pg from 'pg';
import { type JobHandler, type RegisteredJob, registerJob } from './handler';

export interface HandlerDeps {
  db: Database;
  log: Log;
  /** The address in e-mail links (config.publicUrl). */
  appUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The payment provider (test mode's period ends are run here). */
  payments?: PaymentProvider | null;
  /** Salesforce (null: exports are kept in the export log), and the keys its tokens are sealed with. */
  crm?: CrmProvider | null;
  secretsKey?: Buffer | undefined;
  secretsKeyPrevious?: Buffer | undefined;
  /** The history provider and the pool its backfill writes through (absent: the job does nothing). */
  market?: { pool: pg.Pool; history: HistoryProvider; signal?: AbortSignal; ready?: Promise<unknown> } | null;
  /** The ECB's published files (absent: the bundled file only). */
  ecb?: EcbRatesProvider | null;
}

type Handlers = { [K in keyof Jobs]: JobHandler<Jobs[K]> };

export function createHandlers({
  db,
  log,
  appUrl,
  now = () => new Date(),
  payments = null,
  crm = null,
  secretsKey,
  secretsKeyPrevious,
  market = null,
  ecb = null,
}: HandlerDeps): Handlers {
  return {
    pruneExpiredSessions: () => pruneExpiredSessions(db),
    pruneRateLimits: () => pruneRateLimits(db),
    deleteExpiredCompanies: async () => {
      const deleted = await deleteExpiredCompanies(db, now());
      if (deleted.length) log(`retention: deleted ${deleted.length} companies 30 days after their access ended`);
    },
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
    crmExport: async ({ exportId }) => {
      const outcome = await runExport({ db, crm, secretsKey, secretsKeyPrevious }, exportId, now);
      // Refused by Salesforce for good (revoked, rejected, still failing after its retries): the admins see it in
      // their export log; a warning here.
      if (outcome === 'failed') log(`crm export ${exportId}: failed (see the export log)`, 'warn');
    },
    crmExportDispatch: async () => {
      const started = await dispatchScheduledExports(db, now());
      if (started) log(`crm: ${started} scheduled exports started`);
    },
    reportDispatch: async () => {
      const started = await dispatchMonthlyReports(db, now());
      if (started) log(`reports: ${started} monthly reports started`);
    },
    generateMonthlyReport: async ({ reportId }, job) => {
      try {
        log(`report ${reportId}: ${await generateReport(db, reportId, now, appUrl)}`);
      } catch (err) {
        if (job.lastAttempt) await failReport(db, reportId, (err as Error).message, now());
        throw err;
      }
    },
    marketHistory: () => runMarketHistory({ db, log, now, market }),
    ecbRates: async () => {
      if (!ecb) return;
      const run = await refreshEcbRates(db, ecb, now());
      await logDailyBars(db, log);
      if (run.added)
        log(
          `ECB reference rates: ${run.added} new rates, latest ${run.latest}${run.caughtUp ? ' (caught up from the 90-day file)' : ''}`,
        );
    },
    marginRequestDigest: async ({ companyId }) => {
      const sent = await sendRequestDigest(db, companyId, { appUrl, now: now() });
      if (sent) log(`margin: ${sent} approval requests e-mailed to the admins`);
    },
    repriceLeads: async () => {
      const run = await repriceLeads(db, now(), appUrl);
      log(`re-pricing: ${run.leads} leads, ${run.flagged} flagged, ${run.digests} digests sent`);
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
