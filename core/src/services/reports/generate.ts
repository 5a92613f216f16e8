import { KEPT_TEST_REPORTS } from '@pippitch/shared/on-demand';
import type { Database } from '@pippitch/sql';
import { enqueueReportEmail, reportEmail } from '../email/report-emails';
import { renderReportPdf } from './render-pdf';
import { reportData } from './report-data';

/**
 * Generates a pending report (the job's handler): renders the PDF, stores it, and in the same transaction queues
 * one e-mail per active admin with the PDF attached — so a report is ready exactly when its e-mails exist. A report
 * already ready (a repeated job) is left as it is. Returns the outcome in words for the log.
 */
export async function generateReport(db: Database, reportId: string, now: () => Date, appUrl: string): Promise<string> {
  const report = await db
    .selectFrom('monthly_reports')
    .select(['company_id', 'kind', 'period_start', 'period_end', 'status'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (report?.status !== 'pending') return 'nothing to do';
  const span = { start: report.period_start, end: report.period_end };
  const data = await reportData(db, report.company_id, span);
  const pdf = await renderReportPdf(data, now());
  const email = reportEmail({
    test: report.kind === 'test',
    companyName: data.companyName,
    span,
    totals: data.totals,
    appUrl,
  });
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('monthly_reports')
      .set({ status: 'ready', pdf, calculations: data.totals.calculations, finished_at: now(), error: null })
      .where('id', '=', reportId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return 'already done';
    const sent = await enqueueReportEmail(trx, { id: reportId, companyId: report.company_id }, email);
    if (report.kind === 'test') await pruneTestReports(trx, report.company_id);
    return `ready: ${data.totals.calculations} calculations, sent to ${sent} admin(s)`;
  });
}

/**
 * Test reports are kept to the newest KEPT_TEST_REPORTS of a company (each holds a PDF): asked for often, they
 * would otherwise grow without bound. Monthly reports are one a month and stay until the company's data goes.
 */
async function pruneTestReports(trx: Database, companyId: string): Promise<void> {
  await trx
    .deleteFrom('monthly_reports')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'test')
    .where('status', '!=', 'pending')
    .where(
      'id',
      'not in',
      trx
        .selectFrom('monthly_reports')
        .select('id')
        .where('company_id', '=', companyId)
        .where('kind', '=', 'test')
        .orderBy('created_at', 'desc')
        .limit(KEPT_TEST_REPORTS),
    )
    .execute();
}

/** Marks a report failed with its reason (the job's last attempt). */
export async function failReport(db: Database, reportId: string, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('monthly_reports')
    .set({ status: 'failed', error: reason.slice(0, 500), finished_at: now })
    .where('id', '=', reportId)
    .where('status', '=', 'pending')
    .execute();
}
