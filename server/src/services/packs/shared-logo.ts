import { SHARE_TOKEN } from '@pippitch/shared/pack-share';
import type { Database } from '@pippitch/sql';
import { clientKey, enforce } from '../auth/rate-limit';
import { hashToken } from '../auth/tokens';
import { companyLogo } from '../company/logo';

/**
 * The logo of the company behind a live share link (issue 22 §3), for the prospect's page: the same link that opens
 * the pack, and nothing else; no view is logged for it. Null for a malformed, unknown, withdrawn or expired link, or
 * a company without a logo.
 */
export async function sharedPackLogo(db: Database, input: { token: string; ip: string }, now: Date) {
  // A public URL holding a token: limited per client like the shared page itself (issue 19).
  await enforce(db, [{ key: `pack-share-logo:client:${clientKey(input.ip)}`, max: 120, windowSeconds: 3600 }]);
  const token = input.token;
  if (!SHARE_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('evidence_packs as p')
    .innerJoin('user_profiles as u', 'u.id', 'p.user_id')
    .select('u.company_id')
    .where('p.share_token_hash', '=', hashToken(token))
    .where('p.share_revoked_at', 'is', null)
    .where('p.share_expires_at', '>', now)
    .executeTakeFirst();
  return row ? companyLogo(db, row.company_id) : null;
}
