import type { Database } from '@pippitch/sql';
import type { CompanyAccessRecord } from '../../services/auth/company-access';
import { COMPANY_ACCESS_COLUMNS, companyAccessOf } from '../companies/access';
import type { Scope } from '../scope';
import { updateScopedRow } from '../scoped-writes';

/**
 * Joining by an invitation link (spec §5 Join). The link's token is the only credential its holder has, so the
 * invitation is found by the token's hash alone; everything it then writes is scoped to the company the invitation
 * names (a `system:join` scope, made from the record found).
 */
export interface JoinInvitationRecord extends CompanyAccessRecord {
  id: string;
  companyId: string;
  email: string;
  /** The stored role word (`'junior'` for a broker): services read it through stored-role.ts. */
  storedRole: string;
  status: string;
  expiresAt: Date;
  invitedBy: string | null;
  createdAt: Date;
  companyName: string;
}

/**
 * The invitation whose token hashes to `tokenHash`, with its company's name and access, or undefined; `lock` locks
 * the invitation row for the caller's transaction. No scope: the token is what proves the holder may see it.
 */
export async function findInvitationByTokenHash(
  db: Database,
  tokenHash: string,
  { lock }: { lock: boolean },
): Promise<JoinInvitationRecord | undefined> {
  const query = db
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
      ...COMPANY_ACCESS_COLUMNS,
    ])
    .where('i.token_hash', '=', tokenHash);
  const r = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return (
    r && {
      id: r.id,
      companyId: r.company_id,
      email: r.email,
      storedRole: r.role_type,
      status: r.status,
      expiresAt: r.expires_at,
      invitedBy: r.invited_by,
      createdAt: r.created_at,
      companyName: r.company_name,
      ...companyAccessOf(r),
    }
  );
}

/** Adds the invitee as a member of the scope's company; returns their id. */
export async function insertInvitedMember(
  trx: Database,
  scope: Scope,
  member: { storedRole: string; fullName: string; email: string; invitedBy: string | null; invitedAt: Date },
): Promise<string> {
  const row = await trx
    .insertInto('user_profiles')
    .values({
      company_id: scope.companyId,
      role_type: member.storedRole,
      full_name: member.fullName,
      email: member.email,
      invited_by: member.invitedBy,
      invited_at: member.invitedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the scope's company's invitation accepted at `now`. */
export async function markInvitationAccepted(trx: Database, scope: Scope, id: string, now: Date): Promise<void> {
  await updateScopedRow(trx, scope, 'invitations', id, { status: 'accepted', accepted_at: now });
}
