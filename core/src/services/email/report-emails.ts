/**
 * The monthly client report's e-mail (issue 12 §4): its words, and its queueing to every active admin of the
 * company with the report's PDF attached (the row names the report; delivery attaches its PDF).
 */
import { formatIsoDate } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { insertEmailsToAdmins } from '../../queries/email/outbox';
import type { Scope } from '../../queries/scope';
import { type RenderedEmail, render } from './templates';

export interface ReportEmailFacts {
  /** 'Send Test Report' (the last 30 days), not the month's report. */
  test: boolean;
  companyName: string;
  span: { start: string; end: string };
  totals: { calculations: number; brokers: number; clients: number };
  appUrl: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function reportEmail({ test, companyName, span, totals, appUrl }: ReportEmailFacts): RenderedEmail {
  const period = `${formatIsoDate(span.start)} – ${formatIsoDate(span.end)}`;
  return render(`${test ? 'Test report' : 'Monthly client report'}: ${companyName}, ${period}`, {
    heading: test ? 'Your test client report' : 'Your monthly client report',
    paragraphs: [
      `Attached: the client report for ${companyName}, ${period} (London time).`,
      `${totals.calculations} calculations by ${plural(totals.brokers, 'broker')}, ${plural(totals.clients, 'client')} pitched.`,
      'Every report is also on your dashboard to download.',
    ],
    action: { label: 'Open your dashboard', url: `${appUrl}/admin` },
  });
}

/** One e-mail per active admin of the company, in the caller's transaction; returns how many were queued. */
export async function enqueueReportEmail(
  trx: Database,
  scope: Scope,
  reportId: string,
  email: RenderedEmail,
): Promise<number> {
  const content = { template: 'monthly_report', ...email };
  return insertEmailsToAdmins(trx, scope, { content, attachmentReportId: reportId });
}
