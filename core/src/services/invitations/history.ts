import { type InvitationStatus, invitationStatus, seatRoleOf } from '@pippitch/shared/invitations';
import type { SeatRole, SeatUsage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import type { Actor } from '../actor';
import { companySeatUsage } from '../team/seat-usage';

export interface InvitationRow {
  id: string;
  email: string;
  role: SeatRole;
  status: InvitationStatus;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  invitedBy: string | null;
}

/** The newest invitations shown; older ones stay stored. */
const HISTORY_LIMIT = 200;

/** What /admin/invite shows: the company's free seats and its invitation history, newest first. */
export async function invitationsOverview(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<{ seats: SeatUsage; invitations: InvitationRow[] }> {
  const seats = await companySeatUsage(db, actor.companyId, now);
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
    .where('i.company_id', '=', actor.companyId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(HISTORY_LIMIT)
    .execute();
  return {
    seats,
    invitations: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: seatRoleOf(r.role_type),
      status: invitationStatus(r.status, r.expires_at, now),
      createdAt: r.created_at,
      sentAt: r.sent_at,
      expiresAt: r.expires_at,
      acceptedAt: r.accepted_at,
      invitedBy: r.invited_by,
    })),
  };
}
