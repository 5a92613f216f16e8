import type { Database } from '@pippitch/sql';
import { findActiveAccountByEmail, insertMemberLink } from '../../queries/sessions/member-links';

/**
 * The e-mailed links anyone may ask for by typing an address (a password reset, a sign-in unlock): both paths —
 * the address has an active member or not — run the same statements, so neither the answer nor its timing says
 * whether an account exists. What differs between the two kinds (their table, limits, e-mail) stays with them.
 */

// Stands in for the member when the address has none, so that path renders, hashes and writes exactly like the
// other (the nil UUID is never a member's id, so its statements touch no row).
const NOBODY = { id: '00000000-0000-0000-0000-000000000000', full_name: 'PipPitch member' };

/** The active member at `email`, or the stand-in. */
export async function activeMemberOrNobody(db: Database, email: string): Promise<{ id: string; full_name: string }> {
  const member = await findActiveAccountByEmail(db, email);
  return member ? { id: member.id, full_name: member.fullName } : NOBODY;
}

/** Stores a link's hashed token for `memberId` as INSERT … SELECT from the member: one row, or none for the stand-in. */
export async function storeMemberLink(
  db: Database,
  table: 'password_reset_tokens' | 'sign_in_unlocks',
  link: { memberId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await insertMemberLink(db, table, link);
}
