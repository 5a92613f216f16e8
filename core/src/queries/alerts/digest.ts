import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';

/**
 * The re-pricing alerts' member side: a member's own alert settings (`user_profiles`: threshold, digest choice),
 * the morning digests (`alert_digests`) and their unsubscribe links (`digest_unsubscribe_tokens`). A member's
 * settings are read and written within their own scope; the digest job acts per broker it found itself.
 */
export interface AlertSettingsRecord {
  thresholdPct: number;
  digestUnsubscribedAt: Date | null;
}

/** The member a scope acts as: settings are a member's own, never a system task's. */
function memberOf(scope: Scope): string {
  if (scope.userId === null) throw new Error(`${scope.by} has no alert settings of its own`);
  return scope.userId;
}

/** The acting member's own threshold and digest choice. */
export async function alertSettingsRecord(db: Database, scope: Scope): Promise<AlertSettingsRecord> {
  const row = await db
    .selectFrom('user_profiles')
    .select(['reprice_threshold_pct', 'digest_unsubscribed_at'])
    .where('id', '=', memberOf(scope))
    .where('company_id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return { thresholdPct: row.reprice_threshold_pct, digestUnsubscribedAt: row.digest_unsubscribed_at };
}

/** Sets the acting member's threshold, and their digest on or off (off keeps the first time it was turned off). */
export async function saveAlertSettings(
  db: Database,
  scope: Scope,
  { thresholdPct, digest, now }: { thresholdPct: number; digest: boolean; now: Date },
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set((eb) => ({
      reprice_threshold_pct: thresholdPct,
      digest_unsubscribed_at: digest ? null : eb.fn.coalesce('digest_unsubscribed_at', eb.val(now)),
    }))
    .where('id', '=', memberOf(scope))
    .where('company_id', '=', scope.companyId)
    .execute();
}

/** A broker to send a digest to. */
export interface DigestBroker {
  userId: string;
  email: string;
  fullName: string;
  companyId: string;
}

/**
 * Every broker, of any company, with a lead flagged `today` who has not unsubscribed and has no digest for today
 * yet: the morning job's one read over all companies (it then acts per broker).
 */
export async function listBrokersToDigestOfAllCompanies(db: Database, today: string): Promise<DigestBroker[]> {
  const { rows } = await sql<{ user_id: string; email: string; full_name: string; company_id: string }>`
    SELECT DISTINCT u.id AS user_id, u.email, u.full_name, u.company_id
    FROM lead_repricings r JOIN user_profiles u ON u.id = r.user_id
    WHERE r.flagged_since = ${today}::date AND u.digest_unsubscribed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM alert_digests d WHERE d.user_id = u.id AND d.digest_date = ${today}::date)`.execute(
    db,
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, fullName: r.full_name, companyId: r.company_id }));
}

/** The broker's leads flagged `today`, the largest move first. */
export async function leadsFlaggedOn(
  trx: Database,
  userId: string,
  today: string,
): Promise<{ name: string; changePct: string; calculatedAt: Date }[]> {
  const { rows } = await sql<{ name: string; change_pct: string; calculated_at: Date }>`
    SELECT l.custom_name AS name, r.change_pct::text AS change_pct, r.calculated_at
    FROM lead_repricings r JOIN user_leads l ON l.id = r.lead_id
    WHERE r.user_id = ${userId} AND r.flagged_since = ${today}::date
    ORDER BY abs(r.change_pct) DESC, l.custom_name`.execute(trx);
  return rows.map((r) => ({ name: r.name, changePct: r.change_pct, calculatedAt: r.calculated_at }));
}

/** Claims the broker's digest of `today`: false when it is already claimed (another worker, a repeated job). */
export async function claimDigest(trx: Database, userId: string, today: string, leads: number): Promise<boolean> {
  const claimed = await trx
    .insertInto('alert_digests')
    .values({ user_id: userId, digest_date: today, leads })
    .onConflict((oc) => oc.columns(['user_id', 'digest_date']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Keeps a digest's unsubscribe link, as its hash. */
export async function insertUnsubscribeToken(trx: Database, userId: string, tokenHash: string): Promise<void> {
  await trx.insertInto('digest_unsubscribe_tokens').values({ token_hash: tokenHash, user_id: userId }).execute();
}

/** Uses up an unsubscribe link: the member it was for, or undefined when it is not (or no longer) valid. */
export async function takeUnsubscribeToken(trx: Database, tokenHash: string): Promise<string | undefined> {
  const used = await trx
    .deleteFrom('digest_unsubscribe_tokens')
    .where('token_hash', '=', tokenHash)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}

/** Ends every unsubscribe link of the member. */
export async function deleteUnsubscribeTokens(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('digest_unsubscribe_tokens').where('user_id', '=', userId).execute();
}

/** Stops the member's digest (keeping the first time it was stopped). */
export async function markDigestUnsubscribed(trx: Database, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('user_profiles')
    .set((eb) => ({ digest_unsubscribed_at: eb.fn.coalesce('digest_unsubscribed_at', eb.val(now)) }))
    .where('id', '=', userId)
    .execute();
}
