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
