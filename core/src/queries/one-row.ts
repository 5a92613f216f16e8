import type { Database, DB } from '@pippitch/sql';
import type { Insertable, Updateable } from 'kysely';
import type { Scope } from './scope';

/** The tables that hold at most one row a company, keyed by `company_id` (a schedule, a connection). */
type OneRowTable = 'export_schedules' | 'monthly_report_schedule' | 'salesforce_connections';

/**
 * Writes the scope's company's one row of `table`: inserted the first time, these values replaced after. The
 * company is the scope's, never a value's.
 */
export async function upsertOneRow<T extends OneRowTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: Omit<Insertable<DB[T]>, 'company_id'>,
): Promise<void> {
  // Kysely cannot follow a generic table name through insertInto; the signature above keeps the values typed.
  const set = values as Insertable<DB[OneRowTable]>;
  await db
    .insertInto(table as OneRowTable)
    .values({ ...set, company_id: scope.companyId })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(set))
    .execute();
}

/** Changes these columns of the scope's company's one row of `table` (none when it has no row yet). */
export async function updateOneRow<T extends OneRowTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: Omit<Updateable<DB[T]>, 'company_id'>,
): Promise<void> {
  await db
    .updateTable(table as OneRowTable)
    .set(values as Updateable<DB[OneRowTable]>)
    .where('company_id', '=', scope.companyId)
    .execute();
}
