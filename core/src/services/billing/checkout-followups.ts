import type { Database } from '@pippitch/sql';
import { checkoutFollowUpEmail } from '../email/billing-emails';
import { sendNoticeOnce } from './notices';

const FOLLOW_UP_AFTER_MS = 24 * 3_600_000;

/**
 * One reminder for a checkout started but not completed after 24 hours (issue 11 §8): only for a company's
 * newest checkout (several abandoned attempts get one e-mail), only while the company still has no paid plan,
 * and only for checkouts of the last week (an old attempt is not dug up).
 */
export async function sendCheckoutFollowUps(db: Database, now: Date, appUrl: string): Promise<number> {
  const due = await db
    .selectFrom('billing_checkouts as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .select(['b.id', 'b.company_id', 'c.name'])
    .where('b.created_at', '<=', new Date(now.getTime() - FOLLOW_UP_AFTER_MS))
    .where('b.created_at', '>', new Date(now.getTime() - 7 * FOLLOW_UP_AFTER_MS))
    .where('c.subscription_status', 'not in', ['active', 'past_due'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('billing_checkouts as newer')
            .select('newer.id')
            .whereRef('newer.company_id', '=', 'b.company_id')
            .whereRef('newer.created_at', '>', 'b.created_at'),
        ),
      ),
    )
    .execute();
  let sent = 0;
  for (const checkout of due) {
    if (
      await db.transaction().execute((trx) =>
        sendNoticeOnce(
          trx,
          {
            companyId: checkout.company_id,
            kind: 'checkout_followup',
            ref: checkout.id,
            email: checkoutFollowUpEmail({ companyName: checkout.name, appUrl }),
          },
          now,
        ),
      )
    ) {
      sent++;
    }
  }
  return sent;
}
