import type { DateSpan } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { insertScoped, updateScopedRow } from '../scoped-writes';

/**
 * The CRM export aggregate (`export_log`): every export of a company, asked for by a member, a schedule or as a
 * test, always within the scope's company. The export job holds only an export's id; it claims the row by that id
 * (`claimExport`) and acts on it from then on within that row's company (`systemScope('system:crm-export', …)`).
 */
export interface ExportRecord {
  id: string;
  createdAt: Date;
  finishedAt: Date | null;
  trigger: string;
  periodStart: string;
  periodEnd: string;
  userIds: string[];
  destination: string;
  status: string;
  posts: string[];
  salesforceIds: string[];
  error: string | null;
}

const EXPORT_COLUMNS = [
  'e.id',
  'e.created_at',
  'e.finished_at',
  'e.trigger',
  'e.period_start',
  'e.period_end',
  'e.user_ids',
  'e.destination',
  'e.status',
  'e.posts',
  'e.salesforce_ids',
  'e.error',
] as const;

/** The one mapping from an `export_log` row to the record's words. */
function exportOf(r: {
  id: string;
  created_at: Date;
  finished_at: Date | null;
  trigger: string;
  period_start: string;
  period_end: string;
  user_ids: string[];
  destination: string;
  status: string;
  posts: string[];
  salesforce_ids: string[];
  error: string | null;
}): ExportRecord {
  return {
    id: r.id,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    trigger: r.trigger,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    userIds: r.user_ids,
    destination: r.destination,
    status: r.status,
    posts: r.posts,
    salesforceIds: r.salesforce_ids,
    error: r.error,
  };
}

/** The company's exports, newest first, each with the name of the member who asked for it (null: none did). */
export async function exportRecords(
  db: Database,
  scope: Scope,
  limit?: number,
): Promise<(ExportRecord & { requestedByName: string | null })[]> {
  let query = db
    .selectFrom('export_log as e')
    .leftJoin('user_profiles as u', 'u.id', 'e.requested_by')
    .select([...EXPORT_COLUMNS, 'u.full_name'])
    .where('e.company_id', '=', scope.companyId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({ ...exportOf(r), requestedByName: r.full_name }));
}

/** A member's export of these members for the span, asked for now; returns its id. */
export async function insertManualExport(
  trx: Database,
  scope: Scope,
  { userIds, span }: { userIds: string[]; span: DateSpan },
): Promise<string> {
  return insertScoped(trx, scope, 'export_log', {
    trigger: 'manual',
    requested_by: scope.userId,
    period_start: span.start,
    period_end: span.end,
    user_ids: userIds,
  });
}

/** A test export of one post, leased to the caller from the start; returns its id. */
export async function insertTestExport(
  trx: Database,
  scope: Scope,
  { day, text, claimedUntil }: { day: string; text: string; claimedUntil: Date },
): Promise<string> {
  return insertScoped(trx, scope, 'export_log', {
    trigger: 'test',
    requested_by: scope.userId,
    period_start: day,
    period_end: day,
    user_ids: [],
    posts: [text],
    claimed_until: claimedUntil,
    attempts: 1,
  });
}

/** Test exports left open by a server that stopped mid-way (their lease lapsed) are failed as 'Interrupted'. */
export async function failInterruptedTests(db: Database, scope: Scope, at: Date): Promise<void> {
  await db
    .updateTable('export_log')
    .set({ status: 'failed', error: 'Interrupted', claimed_until: null, finished_at: at })
    .where('company_id', '=', scope.companyId)
    .where('trigger', '=', 'test')
    .where('status', '=', 'pending')
    .where('claimed_until', '<', at)
    .execute();
}

export interface ClaimedExport {
  companyId: string;
  periodStart: string;
  periodEnd: string;
  userIds: string[];
  posts: string[];
  postsSent: number;
  attempts: number;
}

/**
 * Leases a pending export to one run until `until` (none else holds it, or its lease lapsed), counting the attempt;
 * undefined when it is not to be run now. By id alone: the id is the export job's own payload, and the row names
 * the company every later step is scoped to.
 */
export async function claimExport(
  db: Database,
  exportId: string,
  { at, until }: { at: Date; until: Date },
): Promise<ClaimedExport | undefined> {
  const row = await db
    .updateTable('export_log')
    .set({ claimed_until: until, attempts: sql`attempts + 1` })
    .where('id', '=', exportId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning(['company_id', 'period_start', 'period_end', 'user_ids', 'posts', 'posts_sent', 'attempts'])
    .executeTakeFirst();
  return (
    row && {
      companyId: row.company_id,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      userIds: row.user_ids,
      posts: row.posts,
      postsSent: row.posts_sent,
      attempts: row.attempts,
    }
  );
}

/** Whether the export is still pending (another run holds it) — by the job's own id, as `claimExport`. */
export async function exportIsPending(db: Database, exportId: string): Promise<boolean> {
  const row = await db.selectFrom('export_log').select('status').where('id', '=', exportId).executeTakeFirst();
  return row?.status === 'pending';
}

/** What a run changes on its export: the posts fixed, its outcome, the lease released. */
export interface ExportChange {
  posts?: string[];
  postsSent?: number;
  salesforceIds?: string[];
  claimedUntil?: null;
  destination?: 'log' | 'salesforce';
  status?: 'sent' | 'recorded' | 'failed';
  finishedAt?: Date;
  error?: string | null;
}

/** Changes one of the company's exports. */
export async function updateExport(db: Database, scope: Scope, exportId: string, c: ExportChange): Promise<void> {
  await updateScopedRow(db, scope, 'export_log', exportId, {
    ...(c.posts === undefined ? {} : { posts: c.posts }),
    ...(c.postsSent === undefined ? {} : { posts_sent: c.postsSent }),
    ...(c.salesforceIds === undefined ? {} : { salesforce_ids: c.salesforceIds }),
    ...(c.claimedUntil === undefined ? {} : { claimed_until: c.claimedUntil }),
    ...(c.destination === undefined ? {} : { destination: c.destination }),
    ...(c.status === undefined ? {} : { status: c.status }),
    ...(c.finishedAt === undefined ? {} : { finished_at: c.finishedAt }),
    ...(c.error === undefined ? {} : { error: c.error }),
  });
}

/** Records that part `index` (0-based) was accepted by Salesforce as `salesforceId`. */
export async function recordPostSent(
  db: Database,
  scope: Scope,
  exportId: string,
  { index, salesforceId }: { index: number; salesforceId: string },
): Promise<void> {
  await updateScopedRow(db, scope, 'export_log', exportId, {
    posts_sent: index + 1,
    salesforce_ids: sql`array_append(salesforce_ids, ${salesforceId})`,
  });
}
