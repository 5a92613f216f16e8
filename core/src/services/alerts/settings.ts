import type { Database } from '@pippitch/sql';
import { endUnsubscribeTokens } from './digest';

export interface AlertSettings {
  thresholdPct: number;
  digest: boolean;
}

/** The signed-in broker's own re-pricing threshold and digest choice. */
export async function alertSettings(db: Database, userId: string): Promise<AlertSettings> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['reprice_threshold_pct', 'digest_unsubscribed_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { thresholdPct: row.reprice_threshold_pct, digest: row.digest_unsubscribed_at === null };
}

export async function setAlertSettings(
  db: Database,
  userId: string,
  input: AlertSettings,
  now: Date,
): Promise<AlertSettings> {
  await db
    .updateTable('user_profiles')
    .set((eb) => ({
      reprice_threshold_pct: input.thresholdPct,
      digest_unsubscribed_at: input.digest ? null : eb.fn.coalesce('digest_unsubscribed_at', eb.val(now)),
    }))
    .where('id', '=', userId)
    .execute();
  // Turned off here, the links of earlier digests end as they do when one is used: subscribing again never
  // brings an old e-mail's link back to life; only a newer digest's link works.
  if (!input.digest) await endUnsubscribeTokens(db, userId);
  return alertSettings(db, userId);
}
