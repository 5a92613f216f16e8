import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';

/**
 * The e-mail outbox (`email_outbox`): messages queued in the transaction of the change that causes them, sent by
 * the worker. A message's company is a label (whose e-mail it is, for the company's data going), never a filter:
 * the outbox is read whole by the sender, which acts for no company.
 */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  attachmentReportId: string | null;
}

/** What one message says. */
export interface EmailContent {
  template: string;
  subject: string;
  html: string;
  text: string;
}

/** The one mapping from an `email_outbox` row to the record's words. */
function outboxEmailOf(r: {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text_body: string;
  attempts: number;
  attachment_report_id: string | null;
}): OutboxEmail {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text_body,
    attempts: r.attempts,
    attachmentReportId: r.attachment_report_id,
  };
}

/** Queues one message to `to`, labelled with its company (null: none, e.g. before sign-up); returns its id. */
export async function insertOutboxEmail(
  db: Database,
  { to, content, companyId }: { to: string; content: EmailContent; companyId: string | null },
): Promise<string> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: to,
      template: content.template,
      subject: content.subject,
      html: content.html,
      text_body: content.text,
      company_id: companyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues one message to the member `userId` (their address, labelled with their company), or to nobody when there
 * is no such member: the same statement either way.
 */
export async function insertOutboxEmailToMember(db: Database, userId: string, content: EmailContent): Promise<void> {
  await db
    .insertInto('email_outbox')
    .columns(['to_address', 'template', 'subject', 'html', 'text_body', 'company_id'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles as u')
        .select([
          'u.email',
          eb.val(content.template).as('template'),
          eb.val(content.subject).as('subject'),
          eb.val(content.html).as('html'),
          eb.val(content.text).as('text_body'),
          'u.company_id',
        ])
        .where('u.id', '=', userId),
    )
    .execute();
}

/** One message to each active admin of the scope's company, naming the report to attach; returns how many. */
export async function insertEmailsToAdmins(
  trx: Database,
  scope: Scope,
  { content, attachmentReportId }: { content: EmailContent; attachmentReportId: string },
): Promise<number> {
  const sent = await trx
    .insertInto('email_outbox')
    .columns(['to_address', 'template', 'subject', 'html', 'text_body', 'company_id', 'attachment_report_id'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles as u')
        .select([
          'u.email',
          sql<string>`${content.template}::text`.as('template'),
          eb.val(content.subject).as('subject'),
          eb.val(content.html).as('html'),
          eb.val(content.text).as('text_body'),
          'u.company_id',
          sql<string>`${attachmentReportId}::uuid`.as('attachment_report_id'),
        ])
        .where('u.company_id', '=', scope.companyId)
        .where('u.is_active', '=', true)
        .where('u.role_type', 'in', ['admin', 'super_admin']),
    )
    .returning('id')
    .execute();
  return sent.length;
}

/**
 * The oldest message due at `now`, locked for the caller's transaction and skipped by every other (several
 * workers never send the same message twice); undefined when none is due.
 */
export async function claimDueEmail(trx: Database, now: Date): Promise<OutboxEmail | undefined> {
  const row = await trx
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'html', 'text_body', 'attempts', 'attachment_report_id'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row && outboxEmailOf(row);
}

/** A message's outcome: sent (or logged), or another attempt later, or failed for good. */
export async function updateOutboxEmail(
  trx: Database,
  id: string,
  change:
    | { status: string; sentAt: Date; attempts: number }
    | { status: 'pending' | 'failed'; attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await trx
    .updateTable('email_outbox')
    .set(
      'sentAt' in change
        ? { status: change.status, sent_at: change.sentAt, attempts: change.attempts }
        : {
            status: change.status,
            attempts: change.attempts,
            last_error: change.lastError,
            next_attempt_at: change.nextAttemptAt,
          },
    )
    .where('id', '=', id)
    .execute();
}
