import { randomBytes } from 'node:crypto';
import { repriceMessage } from '@pippitch/shared/alerts';
import { memberDisplayName } from '@pippitch/shared/names';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { clientKey, enforce } from '../auth/rate-limit';
import { hashToken } from '../auth/tokens';
import { enqueueEmail } from '../email/outbox';
import { alertDigestEmail } from '../email/templates';

/**
 * One digest per broker whose leads became flagged today (and who has not unsubscribed). The (broker, day) row is
 * claimed before the e-mail is queued, in the same transaction: two workers, or the same job run twice, send one.
 */
export async function sendAlertDigests(db: Database, today: string, appUrl: string): Promise<number> {
  const moved = (
    await sql<{ user_id: string; email: string; full_name: string; company_id: string }>`
      SELECT DISTINCT u.id AS user_id, u.email, u.full_name, u.company_id
      FROM lead_repricings r JOIN user_profiles u ON u.id = r.user_id
      WHERE r.flagged_since = ${today}::date AND u.digest_unsubscribed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM alert_digests d WHERE d.user_id = u.id AND d.digest_date = ${today}::date)`.execute(
      db,
    )
  ).rows;
  let sent = 0;
  for (const broker of moved) {
    await db.transaction().execute(async (trx) => {
      const leads = (
        await sql<{ name: string; change_pct: string; calculated_at: Date }>`
          SELECT l.custom_name AS name, r.change_pct::text AS change_pct, r.calculated_at
          FROM lead_repricings r JOIN user_leads l ON l.id = r.lead_id
          WHERE r.user_id = ${broker.user_id} AND r.flagged_since = ${today}::date
          ORDER BY abs(r.change_pct) DESC, l.custom_name`.execute(trx)
      ).rows;
      const claimed = await trx
        .insertInto('alert_digests')
        .values({ user_id: broker.user_id, digest_date: today, leads: leads.length })
        .onConflict((oc) => oc.columns(['user_id', 'digest_date']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed || leads.length === 0) return;
      const unsubscribe = await newUnsubscribeToken(trx, broker.user_id);
      await enqueueEmail(trx, {
        to: broker.email,
        template: 'alert_digest',
        companyId: broker.company_id,
        email: alertDigestEmail({
          fullName: memberDisplayName({ fullName: broker.full_name, email: broker.email }),
          lines: leads.map((l) => `${l.name}: ${repriceMessage(l.change_pct, l.calculated_at)}`),
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
  await trx
    .insertInto('digest_unsubscribe_tokens')
    .values({ token_hash: hashToken(token), user_id: userId })
    .execute();
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
  const token = input.token;
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('digest_unsubscribe_tokens')
      .where('token_hash', '=', hashToken(token))
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return false;
    await endUnsubscribeTokens(trx, used.user_id);
    await trx
      .updateTable('user_profiles')
      .set((eb) => ({ digest_unsubscribed_at: eb.fn.coalesce('digest_unsubscribed_at', eb.val(now)) }))
      .where('id', '=', used.user_id)
      .execute();
    return true;
  });
}

/** Ends every unsubscribe link of a member (they changed the digest setting themselves). */
export async function endUnsubscribeTokens(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('digest_unsubscribe_tokens').where('user_id', '=', userId).execute();
}
