import type { Database } from '@pippitch/sql';
import { listCheckoutsDueForFollowUp } from '../../queries/billing/checkouts';
import { systemScope } from '../../queries/scope';
import { checkoutFollowUpEmail } from '../email/billing-emails';
import { sendNoticeOnce } from './notices';

const FOLLOW_UP_AFTER_MS = 24 * 3_600_000;

/**
 * One reminder for a checkout started but not completed after 24 hours (issue 11 §8): only for a company's
 * newest checkout (several abandoned attempts get one e-mail), only while the company still has no paid plan,
 * and only for checkouts of the last week (an old attempt is not dug up).
 */
export async function sendCheckoutFollowUps(db: Database, now: Date, appUrl: string): Promise<number> {
  const due = await listCheckoutsDueForFollowUp(db, {
    from: new Date(now.getTime() - 7 * FOLLOW_UP_AFTER_MS),
    to: new Date(now.getTime() - FOLLOW_UP_AFTER_MS),
  });
  let sent = 0;
  for (const checkout of due) {
    const scope = systemScope('system:billing', checkout.companyId);
    const email = checkoutFollowUpEmail({ companyName: checkout.companyName, appUrl });
    const fresh = await db
      .transaction()
      .execute((trx) => sendNoticeOnce(trx, scope, { kind: 'checkout_followup', ref: checkout.id, email }, now));
    if (fresh) sent++;
  }
  return sent;
}
