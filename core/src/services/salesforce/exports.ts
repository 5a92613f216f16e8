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
import { sql } from 'kysely';
import { AppError, badRequest } from '../../errors';
import { crmExportJob } from '../../jobs/crm';
import { sendJob } from '../../jobs/send';
import { CrmRejected, CrmRevoked, CrmSessionExpired, CrmTemporaryFailure } from '../../providers/crm/types';
import { systemScope } from '../../queries/scope';
import { exportMembers } from '../activity/export-csv';
import type { Actor } from '../actor';
import { marginConceded } from '../margin/conceded';
import { openOnDemand } from '../on-demand';
import { type CrmDeps, withSalesforce } from './connection';
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
  return openOnDemand(
    db,
    { kind: 'exportNow', index: 'export_log_one_manual_pending', companyId: actor.companyId },
    async (trx) => {
      const row = await trx
        .insertInto('export_log')
        .values({
          company_id: actor.companyId,
          trigger: 'manual',
          requested_by: actor.userId,
          period_start: input.span.start,
          period_end: input.span.end,
          user_ids: members.map((m) => m.id),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sendJob(trx, crmExportJob, { exportId: row.id }, { priority: ON_DEMAND_PRIORITY });
      return { exportId: row.id };
    },
  );
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
  const claimed = await db
    .updateTable('export_log')
    .set({ claimed_until: new Date(at.getTime() + LEASE_MS), attempts: sql`attempts + 1` })
    .where('id', '=', exportId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning(['company_id', 'period_start', 'period_end', 'user_ids', 'posts', 'posts_sent', 'attempts'])
    .executeTakeFirst();
  if (!claimed) {
    const row = await db.selectFrom('export_log').select('status').where('id', '=', exportId).executeTakeFirst();
    return row?.status !== 'pending' ? 'done' : 'busy';
  }
  const release = (set: Record<string, unknown>) =>
    db
      .updateTable('export_log')
      .set({ claimed_until: null, ...set })
      .where('id', '=', exportId)
      .execute();

  // The text is fixed at the first attempt, so a retry resumes the same posts.
  let posts = claimed.posts;
  if (posts.length === 0) {
    const company = await db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', claimed.company_id)
      .executeTakeFirstOrThrow();
    const span = { start: claimed.period_start, end: claimed.period_end };
    // One read of margin conceded for the span: the desk's line and each selected member's (issue 25 §3).
    const conceded = await marginConceded(db, systemScope('system:crm-export', claimed.company_id), span);
    const members = await teamSummary(db, claimed.company_id, { userIds: claimed.user_ids, span, conceded });
    posts = chatterPosts({ companyName: company.name, span, members, desk: conceded.team });
    await db.updateTable('export_log').set({ posts }).where('id', '=', exportId).execute();
  }

  try {
    const sent = await withSalesforce(
      deps,
      claimed.company_id,
      async (session, crm) => {
        for (let i = claimed.posts_sent; i < posts.length; i++) {
          const id = await crm.post(session, posts[i] as string);
          // Recorded before the next post: a crash after this point never sends part i again.
          await db
            .updateTable('export_log')
            .set({ posts_sent: i + 1, salesforce_ids: sql`array_append(salesforce_ids, ${id})` })
            .where('id', '=', exportId)
            .execute();
        }
      },
      now,
    );
    const finished = now();
    if (!sent) {
      await release({ destination: 'log', status: 'recorded', finished_at: finished, error: null });
      return 'recorded';
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('export_log')
        .set({ claimed_until: null, destination: 'salesforce', status: 'sent', finished_at: finished, error: null })
        .where('id', '=', exportId)
        .execute();
      await trx
        .updateTable('salesforce_connections')
        .set({ last_sync: finished })
        .where('company_id', '=', claimed.company_id)
        .execute();
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
      await release({ destination: 'salesforce', status: 'failed', finished_at: now(), error: message });
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
export async function testExport(deps: CrmDeps, actor: Actor, now: () => Date): Promise<{ message: string }> {
  const { db } = deps;
  const at = now();
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', actor.companyId)
    .executeTakeFirstOrThrow();
  const text = `PipPitch test export for ${company.name}: the connection works. Sent ${formatLondonDateTime(at)} (London time).`;
  const today = londonDateOf(at);
  // A test left open by a server that stopped mid-way (its lease lapsed) no longer counts as running.
  await db
    .updateTable('export_log')
    .set({ status: 'failed', error: 'Interrupted', claimed_until: null, finished_at: at })
    .where('company_id', '=', actor.companyId)
    .where('trigger', '=', 'test')
    .where('status', '=', 'pending')
    .where('claimed_until', '<', at)
    .execute();
  const log = await openOnDemand(
    db,
    { kind: 'testExport', index: 'export_log_one_test_pending', companyId: actor.companyId },
    (trx) =>
      trx
        .insertInto('export_log')
        .values({
          company_id: actor.companyId,
          trigger: 'test',
          requested_by: actor.userId,
          period_start: today,
          period_end: today,
          user_ids: [],
          posts: [text],
          claimed_until: new Date(at.getTime() + LEASE_MS),
          attempts: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
  );
  const finish = (set: Record<string, unknown>) =>
    db
      .updateTable('export_log')
      .set({ claimed_until: null, finished_at: now(), ...set })
      .where('id', '=', log.id)
      .execute();
  try {
    const sent = await withSalesforce(deps, actor.companyId, (session, crm) => crm.post(session, text), now);
    if (!sent) {
      await finish({ destination: 'log', status: 'failed', error: SALESFORCE_MESSAGES.notConnected });
      throw new AppError('BAD_REQUEST', SALESFORCE_MESSAGES.testFailed);
    }
    await finish({ destination: 'salesforce', status: 'sent', posts_sent: 1, salesforce_ids: [sent.value] });
    await db
      .updateTable('salesforce_connections')
      .set({ last_sync: now() })
      .where('company_id', '=', actor.companyId)
      .execute();
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
