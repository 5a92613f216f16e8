import type { Database } from '@pippitch/sql';
import type { CompanyAccessRecord } from '../../services/auth/company-access';
import { COMPANY_ACCESS_COLUMNS, companyAccessOf } from '../companies/access';

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
  /** The company row's access columns, as services/auth/company-access.ts judges them. */
  companyAccess: CompanyAccessRecord;
}

/** The pack whose current share token has this hash, with its broker and company; null if none. */
export async function findShareLink(db: Database, tokenHash: string): Promise<ShareLinkRecord | null> {
  const row = await db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_profiles as u', 'u.id', 'p.user_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'p.id',
      'u.company_id',
      'p.share_revoked_at',
      'p.share_expires_at',
      'u.is_active',
      ...COMPANY_ACCESS_COLUMNS,
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
    companyAccess: companyAccessOf(row),
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
