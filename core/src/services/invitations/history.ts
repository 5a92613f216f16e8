import { type InvitationStatus, invitationStatus, seatRoleOf } from '@pippitch/shared/invitations';
import type { SeatRole, SeatUsage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { listInvitationHistory } from '../../queries/invitations/manage';
import { scopeOf } from '../../queries/scope';
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
  const scope = scopeOf(actor);
  const seats = await companySeatUsage(db, scope, now);
  const rows = await listInvitationHistory(db, scope, HISTORY_LIMIT);
  return {
    seats,
    invitations: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: seatRoleOf(r.storedRole),
      status: invitationStatus(r.status, r.expiresAt, now),
      createdAt: r.createdAt,
      sentAt: r.sentAt,
      expiresAt: r.expiresAt,
      acceptedAt: r.acceptedAt,
      invitedBy: r.invitedByName,
    })),
  };
}
