import { repriceMessage } from '@pippitch/shared/alerts';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { enqueueEmail } from '../email/outbox';
import { alertDigestEmail } from '../email/templates';

/**
 * One digest per broker whose leads became flagged today (and who has not unsubscribed). The (broker, day) row is
 * claimed before the e-mail is queued, in the same transaction: two workers, or the same job run twice, send one.
 */
export async function sendAlertDigests(db: Database, today: string, appUrl: string): Promise<number> {
  const moved = (
    await sql<{ user_id: string; email: string; full_name: string; digest_token: string; company_id: string }>`
      SELECT DISTINCT u.id AS user_id, u.email, u.full_name, u.digest_token, u.company_id
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
      await enqueueEmail(trx, {
        to: broker.email,
        template: 'alert_digest',
        companyId: broker.company_id,
        email: alertDigestEmail({
          fullName: broker.full_name || broker.email,
          lines: leads.map((l) => `${l.name}: ${repriceMessage(l.change_pct, l.calculated_at)}`),
          leadsUrl: `${appUrl}/leads`,
          unsubscribeUrl: `${appUrl}/unsubscribe?token=${broker.digest_token}`,
        }),
      });
      sent++;
    });
  }
  return sent;
}

/** Stops the morning digest for the holder of the e-mail's link; true if the link was valid. */
export async function unsubscribeDigest(db: Database, token: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('user_profiles')
    .set((eb) => ({ digest_unsubscribed_at: eb.fn.coalesce('digest_unsubscribed_at', eb.val(now)) }))
    .where('digest_token', '=', token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
