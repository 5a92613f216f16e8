import { KEPT_TEST_REPORTS } from '@pippitch/shared/on-demand';
import type { Database } from '@pippitch/sql';
import { failPendingReport, markReportReady, pruneTestReports, reportById } from '../../queries/reports/rows';
import { systemScope } from '../../queries/scope';
import { enqueueReportEmail, reportEmail } from '../email/report-emails';
import { renderReportPdf } from './render-pdf';
import { reportData } from './report-data';

/**
 * Generates a pending report (the job's handler): renders the PDF, stores it, and in the same transaction queues
 * one e-mail per active admin with the PDF attached — so a report is ready exactly when its e-mails exist. A report
 * already ready (a repeated job) is left as it is. Returns the outcome in words for the log.
 */
export async function generateReport(db: Database, reportId: string, now: () => Date, appUrl: string): Promise<string> {
  const report = await reportById(db, reportId);
  if (report?.status !== 'pending') return 'nothing to do';
  const scope = systemScope('system:reports', report.companyId);
  const span = { start: report.periodStart, end: report.periodEnd };
  const data = await reportData(db, scope, span);
  const pdf = await renderReportPdf(data, now());
  const email = reportEmail({
    test: report.kind === 'test',
    companyName: data.companyName,
    span,
    totals: data.totals,
    appUrl,
  });
  return db.transaction().execute(async (trx) => {
    const calculations = data.totals.calculations;
    if (!(await markReportReady(trx, scope, reportId, { pdf, calculations, now: now() }))) return 'already done';
    const sent = await enqueueReportEmail(trx, scope, reportId, email);
    // Test reports are kept to the newest few of a company (each holds a PDF): asked for often, they would otherwise
    // grow without bound. Monthly reports are one a month and stay until the company's data goes.
    if (report.kind === 'test') await pruneTestReports(trx, scope, KEPT_TEST_REPORTS);
    return `ready: ${data.totals.calculations} calculations, sent to ${sent} admin(s)`;
  });
}

/** Marks a report failed with its reason (the job's last attempt). */
export async function failReport(db: Database, reportId: string, reason: string, now: Date): Promise<void> {
  await failPendingReport(db, reportId, reason.slice(0, 500), now);
}
