import { SHARE_LINK_MESSAGES } from '@pippitch/shared/pack-share';
import type { Database } from '@pippitch/sql';
import { accessOfRow } from '../auth/company-access';
import { hashToken } from '../auth/tokens';

export type ShareLink = { open: true; packId: string; companyId: string } | { open: false; message: string };

/**
 * Whether a share link opens, the one home of the rule for the prospect's page and the logo it loads. A link opens
 * while it is the pack's newest, not withdrawn, not expired, and while its broker could open the pack themselves:
 * an active member of a company with access (issue 30 §4). A deactivated broker or a locked company gets the same
 * answer as a link that never existed (so a stranger cannot tell that the brokerage lost access), and the link
 * opens again if access comes back within its 30 days. A deleted broker or company takes its packs with it
 * (ON DELETE CASCADE): their links are unknown from then on.
 */
export async function openShareLink(db: Database, token: string, now: Date): Promise<ShareLink> {
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
    .where('p.share_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  // A broker who may no longer open the pack: the words of a link that never existed.
  if (!row?.is_active || accessOfRow(row, now) !== 'granted') {
    return { open: false, message: SHARE_LINK_MESSAGES.unknown };
  }
  // Each closed link says why in the prospect's words (issue 22 §3); the token is unguessable, so saying that a
  // link once existed tells a stranger nothing about the brokerage.
  if (row.share_revoked_at) return { open: false, message: SHARE_LINK_MESSAGES.withdrawn };
  if (!row.share_expires_at || row.share_expires_at <= now) {
    return { open: false, message: SHARE_LINK_MESSAGES.expired((row.share_expires_at ?? now).toISOString()) };
  }
  return { open: true, packId: row.id, companyId: row.company_id };
}
