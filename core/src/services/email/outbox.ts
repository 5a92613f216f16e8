import type { Database } from '@pippitch/sql';
import { insertOutboxEmail, insertOutboxEmailToMember } from '../../queries/email/outbox';
import type { RenderedEmail } from './templates';

/**
 * Queues an e-mail; call it inside the transaction of the change that causes it. `companyId` labels whose e-mail
 * it is (the outbox is never read by company).
 */
export async function enqueueEmail(
  db: Database,
  input: { to: string; template: string; email: RenderedEmail; companyId?: string | null },
): Promise<string> {
  return insertOutboxEmail(db, {
    to: input.to,
    content: { template: input.template, ...input.email },
    companyId: input.companyId ?? null,
  });
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
  await insertOutboxEmailToMember(db, userId, { template: input.template, ...input.email });
}
