import { KEPT_TEST_REPORTS } from '@pippitch/shared/on-demand';
import { formatIsoDate } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { render } from '../email/templates';
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
  const period = `${formatIsoDate(span.start)} – ${formatIsoDate(span.end)}`;
  const email = render(
    `${report.kind === 'test' ? 'Test report' : 'Monthly client report'}: ${data.companyName}, ${period}`,
    {
      heading: report.kind === 'test' ? 'Your test client report' : 'Your monthly client report',
      paragraphs: [
        `Attached: the client report for ${data.companyName}, ${period} (London time).`,
        `${data.totals.calculations} calculations by ${data.totals.brokers} broker${data.totals.brokers === 1 ? '' : 's'}, ${data.totals.clients} client${data.totals.clients === 1 ? '' : 's'} pitched.`,
        'Every report is also on your dashboard to download.',
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}/admin` },
    },
  );
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('monthly_reports')
      .set({ status: 'ready', pdf, calculations: data.totals.calculations, finished_at: now(), error: null })
      .where('id', '=', reportId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return 'already done';
    const sent = await trx
      .insertInto('email_outbox')
      .columns(['to_address', 'template', 'subject', 'html', 'text_body', 'company_id', 'attachment_report_id'])
      .expression((eb) =>
        eb
          .selectFrom('user_profiles as u')
          .select([
            'u.email',
            sql<string>`'monthly_report'`.as('template'),
            eb.val(email.subject).as('subject'),
            eb.val(email.html).as('html'),
            eb.val(email.text).as('text_body'),
            'u.company_id',
            sql<string>`${reportId}::uuid`.as('attachment_report_id'),
          ])
          .where('u.company_id', '=', report.company_id)
          .where('u.is_active', '=', true)
          .where('u.role_type', 'in', ['admin', 'super_admin']),
      )
      .returning('id')
      .execute();
    if (report.kind === 'test') await pruneTestReports(trx, report.company_id);
    return `ready: ${data.totals.calculations} calculations, sent to ${sent.length} admin(s)`;
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
