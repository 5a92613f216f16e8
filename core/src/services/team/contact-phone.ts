import type { Database } from '@pippitch/sql';
import { writeOwnPhone } from '../../queries/companies/profile';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/**
 * The phone a member gives for prospects (issue 22 §3): shown with their name and e-mail on their shared evidence
 * packs and in the packs' PDFs. An empty value removes it. Only the member's own profile.
 */
export async function setContactPhone(db: Database, actor: Actor, phone: string) {
  const value = phone.trim() || null;
  await writeOwnPhone(db, scopeOf(actor), value);
  return { phone: value };
}
