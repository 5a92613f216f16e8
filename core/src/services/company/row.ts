import type { Database, DB } from '@pippitch/sql';
import type { Insertable, SelectExpression } from 'kysely';
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

/** The tables that hold at most one row a company, keyed by `company_id`. */
type OneRowTable = 'export_schedules' | 'monthly_report_schedule' | 'salesforce_connections';

/** Writes the company's one row of `table`: inserted the first time, these values replaced after. */
export async function upsertCompanyRow<T extends OneRowTable>(
  db: Database,
  table: T,
  companyId: string,
  values: Omit<Insertable<DB[T]>, 'company_id'>,
): Promise<void> {
  const row = { company_id: companyId, ...values } as Insertable<DB[OneRowTable]>;
  await db
    .insertInto(table as OneRowTable)
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values as Insertable<DB[OneRowTable]>))
    .execute();
}
