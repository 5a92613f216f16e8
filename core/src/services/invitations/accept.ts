import { homeFor, type RoleType } from '@pippitch/shared/access';
import { type AcceptInvitationInput, JOIN_MESSAGES, noSeatLeftMessage, seatRoleOf } from '@pippitch/shared/invitations';
import type { SeatRole } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import {
  findInvitationByTokenHash,
  insertInvitedMember,
  type JoinInvitationRecord,
  markInvitationAccepted,
} from '../../queries/invitations/join';
import { systemScope } from '../../queries/scope';
import { findAccountIdByEmail, insertCredentials } from '../../queries/sessions/accounts';
import { accessOfCompany } from '../auth/company-access';
import { hashPassword } from '../auth/passwords';
import { clientKey, enforce, type Limit } from '../auth/rate-limit';
import { createSession } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { isUniqueViolation } from '../db-errors';
import { roleFromStored, toStoredRole } from '../stored-role';
import { companySeatUsage, lockCompanySeats } from '../team/seat-usage';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

/** Opening or using a join link: tokens are 256-bit, so this only stops one client hammering the database. */
function linkLimits(ip: string): Limit[] {
  return [{ key: `invite-link:client:${clientKey(ip)}`, max: 60, windowSeconds: 3600 }];
}

type Found = JoinInvitationRecord;

function invitationByToken(db: Database, token: string, lock = false): Promise<Found | undefined> {
  return findInvitationByTokenHash(db, hashToken(token), { lock });
}

/** Spec §5 Join, in its order: unknown or withdrawn, used, expired (the clock is the injected one); then a locked company. */
function refusal(row: Found | undefined, now: Date): AppError | null {
  if (!row || row.status === 'revoked' || row.status === 'expired') return notFound(JOIN_MESSAGES.notFound);
  if (row.status === 'accepted') return conflict(JOIN_MESSAGES.used);
  if (row.expiresAt <= now) return badRequest(JOIN_MESSAGES.expired);
  const access = accessOfCompany(row, now);
  if (access !== 'granted') return forbidden(JOIN_MESSAGES.companyLocked);
  return null;
}

export interface InvitationPreview {
  companyName: string;
  email: string;
  role: SeatRole;
}

/** What the join page shows for a link, or the spec's message for why it cannot be used. */
export async function lookUpInvitation(
  db: Database,
  token: string,
  meta: RequestMeta,
  now: Date,
): Promise<InvitationPreview> {
  await enforce(db, linkLimits(meta.ip));
  const row = await invitationByToken(db, token);
  const problem = refusal(row, now);
  if (problem || !row) throw problem ?? notFound(JOIN_MESSAGES.notFound);
  return { companyName: row.companyName, email: row.email, role: seatRoleOf(row.storedRole) };
}

export interface Accepted {
  token: string;
  expiresAt: Date;
  role: RoleType;
  redirectTo: string;
}

/**
 * Accepts an invitation: the member (with the invitation's role and company), their password, the invitation
 * marked accepted and a session, in one transaction. The company row is locked first (as every seat-taking write
 * does) and the invitation re-read under it, so the same link used twice at once, or two people taking the last
 * seat, leave exactly one new member; the other is told why.
 */
export async function acceptInvitation(
  db: Database,
  input: AcceptInvitationInput,
  meta: RequestMeta,
  now: Date,
): Promise<Accepted> {
  await enforce(db, linkLimits(meta.ip));
  const first = await invitationByToken(db, input.token);
  const early = refusal(first, now);
  if (early || !first) throw early ?? notFound(JOIN_MESSAGES.notFound);
  // The slow part (argon2, ~60 ms) before any lock is taken.
  const passwordHash = await hashPassword(input.password, clientKey(meta.ip));
  try {
    return await db.transaction().execute(async (trx) => {
      // The token names the company: everything written from here on is that company's.
      const scope = systemScope('system:join', first.companyId);
      await lockCompanySeats(trx, scope);
      const row = await invitationByToken(trx, input.token, true);
      const problem = refusal(row, now);
      if (problem || !row) throw problem ?? notFound(JOIN_MESSAGES.notFound);
      if (await findAccountIdByEmail(trx, row.email)) throw conflict(JOIN_MESSAGES.accountExists);
      const role = seatRoleOf(row.storedRole);
      // The invitation's own hold is what this acceptance turns into a member; it fails only when the seats
      // of its role are all held by members (the owner lowered the seats, or another invitee came first).
      const usage = await companySeatUsage(trx, scope, now);
      if (usage[role].active >= usage[role].purchased) throw conflict(noSeatLeftMessage(role));
      const roleType = roleFromStored(row.storedRole);
      const userId = await insertInvitedMember(trx, scope, {
        storedRole: toStoredRole(roleType),
        fullName: input.firstName,
        email: row.email,
        invitedBy: row.invitedBy,
        invitedAt: row.createdAt,
      });
      await insertCredentials(trx, userId, passwordHash);
      await markInvitationAccepted(trx, scope, row.id, now);
      const session = await createSession(trx, userId, meta, now);
      return { ...session, role: roleType, redirectTo: homeFor(roleType) };
    });
  } catch (err) {
    // Someone signed up with this address between the check above and the insert.
    if (isUniqueViolation(err, 'user_profiles_email_unique')) throw conflict(JOIN_MESSAGES.accountExists);
    throw err;
  }
}
