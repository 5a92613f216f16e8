import type { Database, DB } from '@pippitch/sql';
import type { SelectExpression } from 'kysely';
import { notFound } from '../../errors';

/**
 * These columns of the company's row, or 404 'Company not found': what the seats, account and e-mail preview pages
 * and every seat count read. Inside a transaction that locked the row (`lockCompanySeats`), pass that transaction.
 */
export async function companyColumns<C extends SelectExpression<DB, 'companies'>>(
  db: Database,
  companyId: string,
  columns: readonly C[],
) {
  const company = await db.selectFrom('companies').select(columns).where('id', '=', companyId).executeTakeFirst();
  if (!company) throw notFound('Company not found');
  return company;
}
