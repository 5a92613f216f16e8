import { type SeatUsage, seatUsage } from '@pippitch/shared/seats';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { companyColumns } from '../company/row';
import { STORED_BROKER } from '../stored-role';

/**
 * The company's seats as the invite, seats and account pages show them and as every seat check reads them.
 * Pass a transaction that has locked the company row (`lockCompanySeats`) when the answer decides a write, so
 * two invitations or two acceptances cannot both take the last seat.
 */
export async function companySeatUsage(db: Database, companyId: string, now: Date): Promise<SeatUsage> {
  const company = await companyColumns(db, companyId, ['admin_seats', 'junior_seats']);
  const members = await db
    .selectFrom('user_profiles')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', 'in', ['admin', 'super_admin']).as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  const invitations = await db
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', '=', 'admin').as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return seatUsage(
    { purchased: company.admin_seats, active: Number(members.admins), pending: Number(invitations.admins) },
    { purchased: company.junior_seats, active: Number(members.brokers), pending: Number(invitations.brokers) },
  );
}

/** Locks the company row for the rest of the transaction: every seat-taking write goes through here first. */
export async function lockCompanySeats(trx: Database, companyId: string): Promise<void> {
  const row = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Company not found');
}
