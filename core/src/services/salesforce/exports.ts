/**
 * Exports of team activity to the CRM (issue 12 §3): asked for now (the export modal), by a schedule, or as a
 * test. Every export is a row of `export_log` and a `crm-export` job; the job posts to Salesforce when the company
 * is connected, else keeps the text in the log (the embedded default). Exactly once: a run leases the row, posts
 * only the parts not yet accepted, and records each accepted part before the next.
 */
import { type DateSpan, EXPORT_MESSAGES } from '@pippitch/shared/activity-periods';
import { ON_DEMAND_PRIORITY } from '@pippitch/shared/on-demand';
import { SALESFORCE_MESSAGES } from '@pippitch/shared/salesforce';
import { formatLondonDateTime, londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { AppError, badRequest } from '../../errors';
import { crmExportJob } from '../../jobs/crm';
import { sendJob } from '../../jobs/send';
import { CrmRejected, CrmRevoked, CrmSessionExpired, CrmTemporaryFailure } from '../../providers/crm/types';
import { updateConnection } from '../../queries/crm/connection';
import {
  claimExport,
  type ExportChange,
  exportIsPending,
  failInterruptedTests,
  insertManualExport,
  insertTestExport,
  recordPostSent,
  updateExport,
} from '../../queries/crm/exports';
import { reportCompany } from '../../queries/reports/company';
import { type Scope, scopeOf, systemScope } from '../../queries/scope';
import { exportMembers } from '../activity/export-csv';
import type { Actor } from '../actor';
import { marginConceded } from '../margin/conceded';
import { openOnDemand } from '../on-demand';
import { type CrmDeps, type CrmKeys, withSalesforce } from './connection';
import { chatterPosts, teamSummary } from './team-summary';

/** How long one run may hold an export before another may take it over (a crashed worker's lease lapses). */
const LEASE_MS = 2 * 60_000;

/** Queues an export of `userIds` (all members of the caller's company, else 404) for the span. */
export async function requestExport(
  db: Database,
  actor: Actor,
  input: { userIds: string[]; span: DateSpan },
): Promise<{ exportId: string }> {
  if (input.userIds.length === 0) throw badRequest(EXPORT_MESSAGES.noUsers);
  const members = await exportMembers(db, actor, input.userIds);
  const scope = scopeOf(actor);
  return openOnDemand(db, scope, { kind: 'exportNow', index: 'export_log_one_manual_pending' }, async (trx) => {
    const userIds = members.map((m) => m.id);
    const exportId = await insertManualExport(trx, scope, { userIds, span: input.span });
    await sendJob(trx, crmExportJob, { exportId }, { priority: ON_DEMAND_PRIORITY });
    return { exportId };
  });
}

export type RunOutcome = 'sent' | 'recorded' | 'failed' | 'busy' | 'done' | 'retry';

/**
 * Runs one export (the job's handler). `maxAttempts` is the job's attempts in all: the last temporary failure
 * marks the export failed rather than leaving it in progress for ever.
 */
export async function runExport(
  deps: CrmDeps,
  exportId: string,
  now: () => Date,
  maxAttempts = crmExportJob.retry.limit + 1,
): Promise<RunOutcome> {
  const { db } = deps;
  const at = now();
  const claimed = await claimExport(db, exportId, { at, until: new Date(at.getTime() + LEASE_MS) });
  if (!claimed) return (await exportIsPending(db, exportId)) ? 'busy' : 'done';
  const scope = systemScope('system:crm-export', claimed.companyId);
  const release = (set: ExportChange) => updateExport(db, scope, exportId, { claimedUntil: null, ...set });

  // The text is fixed at the first attempt, so a retry resumes the same posts.
  let posts = claimed.posts;
  if (posts.length === 0) {
    posts = await exportPosts(db, scope, claimed);
    await updateExport(db, scope, exportId, { posts });
  }

  try {
    const sent = await withSalesforce(
      deps,
      scope,
      async (session, crm) => {
        for (let i = claimed.postsSent; i < posts.length; i++) {
          const salesforceId = await crm.post(session, posts[i] as string);
          // Recorded before the next post: a crash after this point never sends part i again.
          await recordPostSent(db, scope, exportId, { index: i, salesforceId });
        }
      },
      now,
    );
    const finished = now();
    if (!sent) {
      await release({ destination: 'log', status: 'recorded', finishedAt: finished, error: null });
      return 'recorded';
    }
    await db.transaction().execute(async (trx) => {
      const done: ExportChange = { destination: 'salesforce', status: 'sent', finishedAt: finished, error: null };
      await updateExport(trx, scope, exportId, { claimedUntil: null, ...done });
      await updateConnection(trx, scope, { lastSync: finished });
    });
    return 'sent';
  } catch (err) {
    const message = (err as Error).message;
    const temporary = err instanceof CrmTemporaryFailure;
    if (temporary && claimed.attempts < maxAttempts) {
      await release({ error: message });
      throw err; // pg-boss retries with backoff
    }
    if (temporary || err instanceof CrmRejected || err instanceof CrmRevoked || err instanceof CrmSessionExpired) {
      await release({ destination: 'salesforce', status: 'failed', finishedAt: now(), error: message });
      return 'failed';
    }
    await release({ error: message });
    throw err;
  }
}

/**
 * 'Test Export': one short post, now, so the admin sees at once whether the connection works. Recorded in the
 * export log like any other export.
 */
export async function testExport(
  db: Database,
  actor: Actor,
  { now, ...keys }: CrmKeys & { now: () => Date },
): Promise<{ message: string }> {
  const deps: CrmDeps = { db, ...keys };
  const at = now();
  const scope = scopeOf(actor);
  const text = `PipPitch test export for ${await companyNameOf(db, scope)}: the connection works. Sent ${formatLondonDateTime(at)} (London time).`;
  // A test left open by a server that stopped mid-way (its lease lapsed) no longer counts as running.
  await failInterruptedTests(db, scope, at);
  const logId = await openOnDemand(db, scope, { kind: 'testExport', index: 'export_log_one_test_pending' }, (trx) =>
    insertTestExport(trx, scope, { day: londonDateOf(at), text, claimedUntil: new Date(at.getTime() + LEASE_MS) }),
  );
  const finish = (set: ExportChange) =>
    updateExport(db, scope, logId, { claimedUntil: null, finishedAt: now(), ...set });
  try {
    const sent = await withSalesforce(deps, scope, (session, crm) => crm.post(session, text), now);
    if (!sent) {
      await finish({ destination: 'log', status: 'failed', error: SALESFORCE_MESSAGES.notConnected });
      throw new AppError('BAD_REQUEST', SALESFORCE_MESSAGES.testFailed);
    }
    await finish({ destination: 'salesforce', status: 'sent', postsSent: 1, salesforceIds: [sent.value] });
    await updateConnection(db, scope, { lastSync: now() });
    return { message: SALESFORCE_MESSAGES.testOk };
  } catch (err) {
    if (err instanceof AppError) throw err;
    await finish({ destination: 'salesforce', status: 'failed', error: (err as Error).message });
    throw new AppError(
      'BAD_REQUEST',
      err instanceof CrmRevoked ? SALESFORCE_MESSAGES.broken : SALESFORCE_MESSAGES.testFailed,
    );
  }
}

/** The company's name, for the posts' heading (a company that is gone has no exports to run). */
async function companyNameOf(db: Database, scope: Scope): Promise<string> {
  const company = await reportCompany(db, scope);
  if (!company) throw new Error(`company ${scope.companyId} not found`);
  return company.name;
}

/** The posts of a claimed export: its members' figures for the span, fixed at the first attempt. */
async function exportPosts(
  db: Database,
  scope: Scope,
  claimed: { periodStart: string; periodEnd: string; userIds: string[] },
): Promise<string[]> {
  const span = { start: claimed.periodStart, end: claimed.periodEnd };
  // One read of margin conceded for the span: the desk's line and each selected member's (issue 25 §3).
  const conceded = await marginConceded(db, scope, span);
  const members = await teamSummary(db, scope, { userIds: claimed.userIds, span, conceded });
  return chatterPosts({ companyName: await companyNameOf(db, scope), span, members, desk: conceded.team });
}
