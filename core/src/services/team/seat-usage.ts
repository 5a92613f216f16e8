import { type SeatUsage, seatUsage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { countActiveMembersByRole, countPendingInvitationsByRole, lockCompanyRow } from '../../queries/companies/rows';
import type { Scope } from '../../queries/scope';
import { companyColumns } from '../company/row';

/**
 * The company's seats as the invite, seats and account pages show them and as every seat check reads them.
 * Pass a transaction that has locked the company row (`lockCompanySeats`) when the answer decides a write, so
 * two invitations or two acceptances cannot both take the last seat.
 */
export async function companySeatUsage(db: Database, scope: Scope, now: Date): Promise<SeatUsage> {
  const company = await companyColumns(db, scope, ['admin_seats', 'junior_seats']);
  const members = await countActiveMembersByRole(db, scope);
  const invitations = await countPendingInvitationsByRole(db, scope, now);
  return seatUsage(
    { purchased: company.admin_seats, active: members.admins, pending: invitations.admins },
    { purchased: company.junior_seats, active: members.brokers, pending: invitations.brokers },
  );
}

/** Locks the company row for the rest of the transaction: every seat-taking write goes through here first. */
export async function lockCompanySeats(trx: Database, scope: Scope): Promise<void> {
  if (!(await lockCompanyRow(trx, scope))) throw notFound('Company not found');
}
