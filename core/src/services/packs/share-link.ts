import { SHARE_LINK_MESSAGES } from '@pippitch/shared/pack-share';
import type { Database } from '@pippitch/sql';
import { findShareLink } from '../../queries/packs/share';
import { accessOfCompany } from '../auth/company-access';
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
  const link = await findShareLink(db, hashToken(token));
  // A broker who may no longer open the pack: the words of a link that never existed.
  if (!link?.brokerActive || accessOfCompany(link.companyAccess, now) !== 'granted') {
    return { open: false, message: SHARE_LINK_MESSAGES.unknown };
  }
  // Each closed link says why in the prospect's words (issue 22 §3); the token is unguessable, so saying that a
  // link once existed tells a stranger nothing about the brokerage.
  if (link.revokedAt) return { open: false, message: SHARE_LINK_MESSAGES.withdrawn };
  if (!link.expiresAt || link.expiresAt <= now) {
    return { open: false, message: SHARE_LINK_MESSAGES.expired((link.expiresAt ?? now).toISOString()) };
  }
  return { open: true, packId: link.packId, companyId: link.companyId };
}
