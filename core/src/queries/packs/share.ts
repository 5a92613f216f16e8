import type { Database } from '@pippitch/sql';
import type { CompanyAccessRow } from '../../services/auth/company-access';

/**
 * A pack's share link as the prospect's page opens it. No scope in this file: the prospect is no member of any
 * company; the unguessable token (only its hash is stored) finds the pack, and services/packs/share-link.ts decides
 * whether it opens.
 */

/** What decides whether a link opens: the pack's share state, its broker, and their company's access columns. */
export interface ShareLinkRecord {
  packId: string;
  companyId: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  brokerActive: boolean;
  /** The company row's access columns, as services/auth/company-access.ts reads them. */
  companyAccess: CompanyAccessRow;
}

/** The pack whose current share token has this hash, with its broker and company; null if none. */
export async function findShareLink(db: Database, tokenHash: string): Promise<ShareLinkRecord | null> {
  const row = await db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_profiles as u', 'u.id', 'p.user_id')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .select([
      'p.id',
      'u.company_id',
      'p.share_revoked_at',
      'p.share_expires_at',
      'u.is_active',
      'co.account_locked',
      'co.subscription_status',
      'co.subscription_active',
      'co.trial_ends_at',
    ])
    .where('p.share_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    packId: row.id,
    companyId: row.company_id,
    revokedAt: row.share_revoked_at,
    expiresAt: row.share_expires_at,
    brokerActive: row.is_active,
    companyAccess: {
      account_locked: row.account_locked,
      subscription_status: row.subscription_status,
      subscription_active: row.subscription_active,
      trial_ends_at: row.trial_ends_at,
    },
  };
}

/** Logs a view of an open link's pack: one row per visitor (a hash only) and London day, however many reloads. */
export async function recordPackView(
  trx: Database,
  packId: string,
  view: { at: Date; userAgent: string | null; visitorHash: string; day: string },
): Promise<void> {
  await trx
    .insertInto('evidence_pack_views')
    .values({
      pack_id: packId,
      viewed_at: view.at,
      user_agent: view.userAgent,
      visitor_hash: view.visitorHash,
      view_day: view.day,
    })
    .onConflict((oc) => oc.columns(['pack_id', 'visitor_hash', 'view_day']).doNothing())
    .execute();
}

/** Marks an open link's first view; its broker's id to the one caller who marked it, else null. */
export async function markFirstPackView(trx: Database, packId: string, now: Date): Promise<string | null> {
  const first = await trx
    .updateTable('evidence_packs')
    .set({ share_first_viewed_at: now })
    .where('id', '=', packId)
    .where('share_first_viewed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return first?.user_id ?? null;
}
