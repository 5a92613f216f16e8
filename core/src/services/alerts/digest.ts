import { randomBytes } from 'node:crypto';
import { repriceMessage } from '@pippitch/shared/alerts';
import { memberDisplayName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import {
  claimDigest,
  deleteUnsubscribeTokens,
  insertUnsubscribeToken,
  leadsFlaggedOn,
  listBrokersToDigestOfAllCompanies,
  markDigestUnsubscribed,
  takeUnsubscribeToken,
} from '../../queries/alerts/digest';
import { clientKey, enforce } from '../auth/rate-limit';
import { hashToken } from '../auth/tokens';
import { enqueueEmail } from '../email/outbox';
import { alertDigestEmail } from '../email/templates';

/**
 * One digest per broker whose leads became flagged today (and who has not unsubscribed). The (broker, day) row is
 * claimed before the e-mail is queued, in the same transaction: two workers, or the same job run twice, send one.
 */
export async function sendAlertDigests(db: Database, today: string, appUrl: string): Promise<number> {
  const moved = await listBrokersToDigestOfAllCompanies(db, today);
  let sent = 0;
  for (const broker of moved) {
    await db.transaction().execute(async (trx) => {
      const leads = await leadsFlaggedOn(trx, broker.userId, today);
      const claimed = await claimDigest(trx, broker.userId, today, leads.length);
      if (!claimed || leads.length === 0) return;
      const unsubscribe = await newUnsubscribeToken(trx, broker.userId);
      await enqueueEmail(trx, {
        to: broker.email,
        template: 'alert_digest',
        companyId: broker.companyId,
        email: alertDigestEmail({
          fullName: memberDisplayName({ fullName: broker.fullName, email: broker.email }),
          lines: leads.map((l) => `${l.name}: ${repriceMessage(l.changePct, l.calculatedAt)}`),
          leadsUrl: `${appUrl}/leads`,
          unsubscribeUrl: `${appUrl}/unsubscribe?token=${unsubscribe}`,
        }),
      });
      sent++;
    });
  }
  return sent;
}

/**
 * A fresh unsubscribe link for one digest: 256 random bits as hex, stored only as its hash (a copy of the database
 * cannot unsubscribe anyone), valid until the member unsubscribes or subscribes again.
 */
async function newUnsubscribeToken(trx: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await insertUnsubscribeToken(trx, userId, hashToken(token));
  return token;
}

/**
 * Stops the morning digest for the holder of the e-mail's link; true if the link was valid. Every link of that
 * member ends with it, so after subscribing again an old e-mail's link does nothing.
 */
export async function unsubscribeDigest(
  db: Database,
  input: { token: string; ip: string },
  now: Date,
): Promise<boolean> {
  // A public link: guesses are limited per client.
  await enforce(db, [{ key: `unsubscribe:client:${clientKey(input.ip)}`, max: 30, windowSeconds: 3600 }]);
  return db.transaction().execute(async (trx) => {
    const userId = await takeUnsubscribeToken(trx, hashToken(input.token));
    if (!userId) return false;
    await endUnsubscribeTokens(trx, userId);
    await markDigestUnsubscribed(trx, userId, now);
    return true;
  });
}

/** Ends every unsubscribe link of a member (they changed the digest setting themselves). */
export async function endUnsubscribeTokens(db: Database, userId: string): Promise<void> {
  await deleteUnsubscribeTokens(db, userId);
}
