/**
 * Seat arithmetic (spec §5 Invite, design.md §3 Invitations), in one place for the invite page, the seats
 * page, the account page and the server's checks. A seat is held by an active member of that role or by a
 * pending (unexpired) invitation for it; deactivated members hold none. The owner (super_admin) holds an
 * admin seat.
 */
export type SeatRole = 'admin' | 'broker';

export interface SeatCount {
  /** Seats the company has bought (or holds in its trial). */
  purchased: number;
  /** Active members of this role. */
  active: number;
  /** Pending invitations for this role that have not expired. */
  pending: number;
}

export interface SeatUsage {
  admin: SeatCount & { available: number };
  broker: SeatCount & { available: number };
  /** Seats in all, members holding one, invitations holding one, and what is left. */
  total: { purchased: number; used: number; pending: number; available: number };
}

/** Purchased minus held, never below 0. */
export function availableSeats(count: SeatCount): number {
  return Math.max(0, count.purchased - count.active - count.pending);
}

export function seatUsage(admin: SeatCount, broker: SeatCount): SeatUsage {
  const a = { ...admin, available: availableSeats(admin) };
  const b = { ...broker, available: availableSeats(broker) };
  return {
    admin: a,
    broker: b,
    total: {
      purchased: admin.purchased + broker.purchased,
      used: admin.active + broker.active,
      pending: admin.pending + broker.pending,
      available: a.available + b.available,
    },
  };
}

export const SEAT_ROLE_LABEL: Readonly<Record<SeatRole, string>> = { admin: 'admin', broker: 'broker' };

/** 'No admin seats available. …' — spec §5 Invite, with the role named. */
export function noSeatsMessage(role: SeatRole): string {
  return `No ${SEAT_ROLE_LABEL[role]} seats available. Please upgrade your subscription to add more seats.`;
}

/** 'You only have N broker seat(s) available' — spec §5 Invite. */
export function tooFewSeatsMessage(role: SeatRole, available: number): string {
  return `You only have ${available} ${SEAT_ROLE_LABEL[role]} seat(s) available`;
}

/** The smallest number of seats a company may keep: what its active members and pending invitations hold (an admin seat at least). */
export function minimumSeats(usage: SeatUsage): Record<SeatRole, number> {
  return {
    admin: Math.max(1, usage.admin.active + usage.admin.pending),
    broker: usage.broker.active + usage.broker.pending,
  };
}

/** The largest number of seats of one role a form or a request may ask for (as signup). */
export const MAX_SEATS_PER_ROLE = 500;
