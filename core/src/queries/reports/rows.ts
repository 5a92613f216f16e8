import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { insertScoped } from '../scoped-writes';

/**
 * The monthly reports aggregate (`monthly_reports`): a company's monthly and test reports, always within the
 * scope's company. The report job and the outbox hold only a report's id, their own: they read it by that id
 * (`pendingReport`, `reportAttachment`), and the job acts from then on within that row's company.
 */
export interface ReportRecord {
  id: string;
  companyId: string;
  kind: string;
  periodStart: string;
  periodEnd: string;
  status: string;
  error: string | null;
  calculations: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const REPORT_COLUMNS = [
  'id',
  'company_id',
  'kind',
  'period_start',
  'period_end',
  'status',
  'error',
  'calculations',
  'created_at',
  'finished_at',
] as const;

/** The one mapping from a `monthly_reports` row to the record's words. */
function reportOf(r: {
  id: string;
  company_id: string;
  kind: string;
  period_start: string;
  period_end: string;
  status: string;
  error: string | null;
  calculations: number | null;
  created_at: Date;
  finished_at: Date | null;
}): ReportRecord {
  return {
    id: r.id,
    companyId: r.company_id,
    kind: r.kind,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    status: r.status,
    error: r.error,
    calculations: r.calculations,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

/** The company's latest reports, newest first. */
export async function reportRecords(db: Database, scope: Scope, limit: number): Promise<ReportRecord[]> {
  const rows = await db
    .selectFrom('monthly_reports')
    .select(REPORT_COLUMNS)
    .where('company_id', '=', scope.companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(reportOf);
}

/** A ready report's PDF and period, of the company only (any other id is not found). */
export async function readyReportPdf(
  db: Database,
  scope: Scope,
  reportId: string,
): Promise<{ pdf: Buffer; start: string; end: string } | null> {
  const row = await db
    .selectFrom('monthly_reports')
    .select(['pdf', 'period_start', 'period_end'])
    .where('id', '=', reportId)
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  return row?.pdf ? { pdf: row.pdf, start: row.period_start, end: row.period_end } : null;
}

/** A member's test report of the span; returns its id. */
export async function insertTestReport(
  trx: Database,
  scope: Scope,
  { start, end }: { start: string; end: string },
): Promise<string> {
  return insertScoped(trx, scope, 'monthly_reports', {
    kind: 'test',
    requested_by: scope.userId,
    period_start: start,
    period_end: end,
  });
}

/** The month's report under the unique (company, month) key: its id, or undefined when the month has one. */
export async function insertMonthlyReport(
  trx: Database,
  scope: Scope,
  { start, end, slotKey }: { start: string; end: string; slotKey: string },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('monthly_reports')
    .values({ company_id: scope.companyId, kind: 'monthly', period_start: start, period_end: end, slot_key: slotKey })
    .onConflict((oc) => oc.columns(['company_id', 'slot_key']).where('slot_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The report the job was given, by its own id. */
export async function reportById(db: Database, reportId: string): Promise<ReportRecord | undefined> {
  const row = await db
    .selectFrom('monthly_reports')
    .select(REPORT_COLUMNS)
    .where('id', '=', reportId)
    .executeTakeFirst();
  return row && reportOf(row);
}

/** Stores a pending report's PDF and makes it ready; false when it was no longer pending (a repeated job). */
export async function markReportReady(
  trx: Database,
  scope: Scope,
  reportId: string,
  { pdf, calculations, now }: { pdf: Buffer; calculations: number; now: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('monthly_reports')
    .set({ status: 'ready', pdf, calculations, finished_at: now, error: null })
    .where('id', '=', reportId)
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Keeps the company's newest `keep` test reports (and any pending one), deleting the rest. */
export async function pruneTestReports(trx: Database, scope: Scope, keep: number): Promise<void> {
  await trx
    .deleteFrom('monthly_reports')
    .where('company_id', '=', scope.companyId)
    .where('kind', '=', 'test')
    .where('status', '!=', 'pending')
    .where(
      'id',
      'not in',
      trx
        .selectFrom('monthly_reports')
        .select('id')
        .where('company_id', '=', scope.companyId)
        .where('kind', '=', 'test')
        .orderBy('created_at', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Marks a pending report failed with its reason — by the job's own id, on its last attempt. */
export async function failPendingReport(db: Database, reportId: string, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('monthly_reports')
    .set({ status: 'failed', error: reason, finished_at: now })
    .where('id', '=', reportId)
    .where('status', '=', 'pending')
    .execute();
}

/** A report's PDF and period for the e-mail that names it (the outbox row holds the id, ours). */
export async function reportAttachment(
  db: Database,
  reportId: string,
): Promise<{ pdf: Buffer | null; start: string; end: string } | undefined> {
  const row = await db
    .selectFrom('monthly_reports')
    .select(['pdf', 'period_start', 'period_end'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  return row && { pdf: row.pdf, start: row.period_start, end: row.period_end };
}
