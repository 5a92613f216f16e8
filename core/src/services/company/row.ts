import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { type CompanyColumn, readCompanyColumns } from '../../queries/companies/rows';
import type { Scope } from '../../queries/scope';

/**
 * These columns of the company's row, or 404 'Company not found': what the seats, account and e-mail preview pages
 * and every seat count read. Inside a transaction that locked the row (`lockCompanySeats`), pass that transaction.
 */
export async function companyColumns<C extends CompanyColumn>(db: Database, scope: Scope, columns: readonly C[]) {
  const company = await readCompanyColumns(db, scope, columns);
  if (!company) throw notFound('Company not found');
  return company;
}
