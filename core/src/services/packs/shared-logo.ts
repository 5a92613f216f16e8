import { SHARE_TOKEN } from '@pippitch/shared/pack-share';
import type { Database } from '@pippitch/sql';
import { systemScope } from '../../queries/scope';
import { clientKey, enforce } from '../auth/rate-limit';
import { companyLogoIn } from '../company/logo';
import { openShareLink } from './share-link';

/**
 * The logo of the company behind a live share link (issue 22 §3), for the prospect's page: the same link that opens
 * the pack, by the same rule (share-link.ts), and nothing else; no view is logged for it. Null for a link that does
 * not open, or a company without a logo.
 */
export async function sharedPackLogo(db: Database, input: { token: string; ip: string }, now: Date) {
  // A public URL holding a token: limited per client like the shared page itself (issue 19).
  await enforce(db, [{ key: `pack-share-logo:client:${clientKey(input.ip)}`, max: 120, windowSeconds: 3600 }]);
  if (!SHARE_TOKEN.test(input.token)) return null;
  const link = await openShareLink(db, input.token, now);
  // The live link names the company: its logo is what the prospect's page may show of it.
  return link.open ? companyLogoIn(db, systemScope('system:pack-share', link.companyId)) : null;
}
