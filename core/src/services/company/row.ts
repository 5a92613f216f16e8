import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import {
  type CompanyColumn,
  type CompanyRowValues,
  type OneRowTable,
  readCompanyColumns,
  upsertCompanyRow as upsertRow,
} from '../../queries/companies/rows';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/**
 * These columns of the company's row, or 404 'Company not found': what the seats, account and e-mail preview pages
 * and every seat count read. Inside a transaction that locked the row (`lockCompanySeats`), pass that transaction.
 */
export async function companyColumns<C extends CompanyColumn>(db: Database, scope: Scope, columns: readonly C[]) {
  const company = await readCompanyColumns(db, scope, columns);
  if (!company) throw notFound('Company not found');
  return company;
}

/** Writes the actor's company's one row of `table`: inserted the first time, these values replaced after. */
export async function upsertCompanyRow<T extends OneRowTable>(
  db: Database,
  table: T,
  actor: Actor,
  values: CompanyRowValues<T>,
): Promise<void> {
  await upsertRow(db, scopeOf(actor), table, values);
}
