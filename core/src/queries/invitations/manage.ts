import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { updateScopedRow } from '../scoped-writes';

/**
 * The invitations aggregate as admins manage it (send, resend, revoke, history), always within the scope's
 * company: another company's invitation id is simply not found.
 */
export interface InvitationRecord {
  id: string;
  email: string;
  /** The stored role word (`'junior'` for a broker): services read it through stored-role.ts. */
  storedRole: string;
  status: string;
  expiresAt: Date;
}

/** The one mapping from an `invitations` row to the record's words. */
function invitationOf(r: { id: string; email: string; role_type: string; status: string; expires_at: Date }) {
  return { id: r.id, email: r.email, storedRole: r.role_type, status: r.status, expiresAt: r.expires_at };
}

/** The company's invitation, locked for the caller's transaction, or undefined. */
export async function lockInvitation(trx: Database, scope: Scope, id: string): Promise<InvitationRecord | undefined> {
  const row = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'role_type', 'status', 'expires_at'])
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
  return row && invitationOf(row);
}

/** The company's pending invitations (lapsed or not) to any of `emails`. */
export async function pendingInvitationsTo(
  trx: Database,
  scope: Scope,
  emails: readonly string[],
): Promise<InvitationRecord[]> {
  if (emails.length === 0) return [];
  const rows = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'role_type', 'status', 'expires_at'])
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .where('email', 'in', emails)
    .execute();
  return rows.map(invitationOf);
}

/** Which of `emails` already belong to the company's members (members elsewhere are not named). */
export async function memberEmailsAmong(trx: Database, scope: Scope, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await trx
    .selectFrom('user_profiles')
    .select('email')
    .where('company_id', '=', scope.companyId)
    .where('email', 'in', emails)
    .execute();
  return rows.map((r) => r.email);
}

/** Marks the company's named invitations lapsed ('expired'). */
export async function expireInvitations(trx: Database, scope: Scope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('invitations')
    .set({ status: 'expired' })
    .where('company_id', '=', scope.companyId)
    .where('id', 'in', ids)
    .execute();
}

/** A new link for an invitation: its hashed token and dates. */
export interface InvitationLink {
  tokenHash: string;
  expiresAt: Date;
}

/** Stores a new pending invitation of the company, sent by the scope's member now. */
export async function insertInvitation(
  trx: Database,
  scope: Scope,
  invitation: { email: string; storedRole: string; link: InvitationLink; now: Date },
): Promise<void> {
  const { email, storedRole, link, now } = invitation;
  await trx
    .insertInto('invitations')
    .values({
      company_id: scope.companyId,
      invited_by: scope.userId,
      email,
      role_type: storedRole,
      token_hash: link.tokenHash,
      status: 'pending',
      created_at: now,
      sent_at: now,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** Gives the company's invitation a new link, sent now (the old token stops working). */
export async function relinkInvitation(
  trx: Database,
  scope: Scope,
  id: string,
  { link, now }: { link: InvitationLink; now: Date },
): Promise<void> {
  await updateScopedRow(trx, scope, 'invitations', id, {
    token_hash: link.tokenHash,
    expires_at: link.expiresAt,
    sent_at: now,
  });
}

/** Withdraws the company's invitation at `now`. */
export async function revokeInvitationRecord(trx: Database, scope: Scope, id: string, now: Date): Promise<void> {
  await updateScopedRow(trx, scope, 'invitations', id, { status: 'revoked', revoked_at: now });
}

/** An invitation as the history lists it, with who sent it (null once that member is deleted). */
export interface InvitationHistoryRecord extends InvitationRecord {
  createdAt: Date;
  sentAt: Date;
  acceptedAt: Date | null;
  invitedByName: string | null;
}

/** The company's newest `limit` invitations, newest first. */
export async function listInvitationHistory(
  db: Database,
  scope: Scope,
  limit: number,
): Promise<InvitationHistoryRecord[]> {
  const rows = await db
    .selectFrom('invitations as i')
    .leftJoin('user_profiles as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.email',
      'i.role_type',
      'i.status',
      'i.created_at',
      'i.sent_at',
      'i.expires_at',
      'i.accepted_at',
      'u.full_name as invited_by',
    ])
    .where('i.company_id', '=', scope.companyId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...invitationOf(r),
    createdAt: r.created_at,
    sentAt: r.sent_at,
    acceptedAt: r.accepted_at,
    invitedByName: r.invited_by,
  }));
}

/** The scope's member's name and address and their company's name, or undefined: who an invitation is from. */
export async function readInviter(
  trx: Database,
  scope: Scope,
): Promise<{ fullName: string; email: string; companyName: string } | undefined> {
  if (scope.userId === null) return undefined;
  const row = await trx
    .selectFrom('user_profiles as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.full_name', 'u.email', 'c.name'])
    .where('u.id', '=', scope.userId)
    .where('u.company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row && { fullName: row.full_name, email: row.email, companyName: row.name };
}
