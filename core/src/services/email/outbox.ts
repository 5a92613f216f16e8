import type { Database } from '@pippitch/sql';
import type { RenderedEmail } from './templates';

/** Queues an e-mail; call it inside the transaction of the change that causes it. */
export async function enqueueEmail(
  db: Database,
  input: { to: string; template: string; email: RenderedEmail; companyId?: string | null },
): Promise<string> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: input.to,
      template: input.template,
      subject: input.email.subject,
      html: input.email.html,
      text_body: input.email.text,
      company_id: input.companyId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues an e-mail to the member `userId` (their address and company), or to nobody when there is no such
 * member: the same statement either way, so a caller that must not reveal whether an account exists
 * (password reset) does the same work for both.
 */
export async function enqueueEmailToMember(
  db: Database,
  userId: string,
  input: { template: string; email: RenderedEmail },
): Promise<void> {
  await db
    .insertInto('email_outbox')
    .columns(['to_address', 'template', 'subject', 'html', 'text_body', 'company_id'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles as u')
        .select([
          'u.email',
          eb.val(input.template).as('template'),
          eb.val(input.email.subject).as('subject'),
          eb.val(input.email.html).as('html'),
          eb.val(input.email.text).as('text_body'),
          'u.company_id',
        ])
        .where('u.id', '=', userId),
    )
    .execute();
}
