import { reportFileName } from '@pippitch/shared/reports';
import type { Database, Log } from '@pippitch/sql';
import type { EmailProvider } from '../../providers/email/types';
import { claimDueEmail, updateOutboxEmail } from '../../queries/email/outbox';
import { reportAttachment } from '../../queries/reports/rows';

const MAX_ATTEMPTS = 8;

/** A report's PDF, read when its e-mail is sent (the outbox holds a reference, not a second copy). */
async function attachmentsOf(db: Database, reportId: string | null) {
  if (!reportId) return undefined;
  const report = await reportAttachment(db, reportId);
  if (!report?.pdf) return undefined;
  return [
    {
      filename: reportFileName(report.start, report.end),
      contentType: 'application/pdf',
      content: report.pdf,
    },
  ];
}

/**
 * Sends what is due in the outbox through the e-mail provider (SMTP, or the log when none is configured: then
 * each message is marked 'logged'). Rows are claimed with SKIP LOCKED so several workers never send the same
 * message twice; a failed send is retried with backoff.
 */
export async function deliverDueEmails(
  db: Database,
  provider: EmailProvider,
  from: string,
  log: Log,
  /** The clock: when a message is due, sent, or next tried (tests move it). */
  now: () => Date = () => new Date(),
): Promise<number> {
  let processed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const msg = await claimDueEmail(trx, now());
      if (!msg) return false;
      try {
        await provider.deliver({
          from,
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          attachments: await attachmentsOf(trx, msg.attachmentReportId),
        });
        await updateOutboxEmail(trx, msg.id, { status: provider.outcome, sentAt: now(), attempts: msg.attempts + 1 });
      } catch (err) {
        const attempts = msg.attempts + 1;
        const retryIn = Math.min(3600, 15 * 2 ** attempts);
        // Retried with backoff (a warning) until its last attempt, when it is failed for good (an error).
        const last = attempts >= MAX_ATTEMPTS;
        log(
          `e-mail to ${msg.to} failed (attempt ${attempts} of ${MAX_ATTEMPTS}${last ? ', given up' : ''}): ${(err as Error).message}`,
          last ? 'error' : 'warn',
        );
        await updateOutboxEmail(trx, msg.id, {
          attempts,
          lastError: (err as Error).message.slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(now().getTime() + retryIn * 1000),
        });
      }
      return true;
    });
    if (!done) return processed;
    processed++;
  }
}
