import { homeFor, type RoleType } from '@pippitch/shared/access';
import { type AcceptInvitationInput, JOIN_MESSAGES, noSeatLeftMessage, seatRoleOf } from '@pippitch/shared/invitations';
import type { SeatRole } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { accessOfRow } from '../auth/company-access';
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

function invitationByToken(db: Database, token: string) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select([
      'i.id',
      'i.company_id',
      'i.email',
      'i.role_type',
      'i.status',
      'i.expires_at',
      'i.invited_by',
      'i.created_at',
      'c.name as company_name',
      'c.account_locked',
      'c.subscription_status',
      'c.subscription_active',
      'c.trial_ends_at',
    ])
    .where('i.token_hash', '=', hashToken(token));
}

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof invitationByToken>['executeTakeFirst']>>>;

/** Spec §5 Join, in its order: unknown or withdrawn, used, expired (the clock is the injected one); then a locked company. */
function refusal(row: Found | undefined, now: Date): AppError | null {
  if (!row || row.status === 'revoked' || row.status === 'expired') return notFound(JOIN_MESSAGES.notFound);
  if (row.status === 'accepted') return conflict(JOIN_MESSAGES.used);
  if (row.expires_at <= now) return badRequest(JOIN_MESSAGES.expired);
  const access = accessOfRow(row, now);
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
  const row = await invitationByToken(db, token).executeTakeFirst();
  const problem = refusal(row, now);
  if (problem || !row) throw problem ?? notFound(JOIN_MESSAGES.notFound);
  return { companyName: row.company_name, email: row.email, role: seatRoleOf(row.role_type) };
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
  const first = await invitationByToken(db, input.token).executeTakeFirst();
  const early = refusal(first, now);
  if (early || !first) throw early ?? notFound(JOIN_MESSAGES.notFound);
  // The slow part (argon2, ~60 ms) before any lock is taken.
  const passwordHash = await hashPassword(input.password, clientKey(meta.ip));
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCompanySeats(trx, first.company_id);
      const row = await invitationByToken(trx, input.token).forUpdate().executeTakeFirst();
      const problem = refusal(row, now);
      if (problem || !row) throw problem ?? notFound(JOIN_MESSAGES.notFound);
      const taken = await trx
        .selectFrom('user_profiles')
        .select('id')
        .where('email', '=', row.email)
        .executeTakeFirst();
      if (taken) throw conflict(JOIN_MESSAGES.accountExists);
      const role = seatRoleOf(row.role_type);
      // The invitation's own hold is what this acceptance turns into a member; it fails only when the seats
      // of its role are all held by members (the owner lowered the seats, or another invitee came first).
      const usage = await companySeatUsage(trx, row.company_id, now);
      if (usage[role].active >= usage[role].purchased) throw conflict(noSeatLeftMessage(role));
      const roleType = roleFromStored(row.role_type);
      const user = await trx
        .insertInto('user_profiles')
        .values({
          company_id: row.company_id,
          role_type: toStoredRole(roleType),
          full_name: input.firstName,
          email: row.email,
          invited_by: row.invited_by,
          invited_at: row.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_credentials').values({ user_id: user.id, password_hash: passwordHash }).execute();
      await trx
        .updateTable('invitations')
        .set({ status: 'accepted', accepted_at: now })
        .where('id', '=', row.id)
        .execute();
      const session = await createSession(trx, user.id, meta, now);
      return { ...session, role: roleType, redirectTo: homeFor(roleType) };
    });
  } catch (err) {
    // Someone signed up with this address between the check above and the insert.
    if (isUniqueViolation(err, 'user_profiles_email_unique')) throw conflict(JOIN_MESSAGES.accountExists);
    throw err;
  }
}
