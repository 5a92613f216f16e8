import type { Database, DB } from '@pippitch/sql';
import type { Insertable, Updateable, UpdateObject } from 'kysely';
import type { Scope } from './scope';

/**
 * Writes whose company comes from the scope, never from a value. Kysely cannot follow a generic table name through
 * insertInto or updateTable, so each function casts inside; its signature keeps the caller's values typed.
 */

/** The tables that hold at most one row a company, keyed by `company_id` (a schedule, a connection). */
type OneRowTable = 'export_schedules' | 'monthly_report_schedule' | 'salesforce_connections';

/** The tables whose new rows a member's request adds to their company, each with a text id (generated, or given). */
type ScopedTable = 'export_log' | 'monthly_reports' | 'evidence_packs' | 'billing_checkouts';

/** The tables whose rows a query changes one at a time by id, within the scope's company. */
type ByIdTable = 'invitations' | 'test_mode_checkouts' | 'export_log';

/** A row's values but its company. */
type Values<T extends keyof DB> = Omit<Insertable<DB[T]>, 'company_id'>;

/** Writes the scope's company's one row of `table`: inserted the first time, these values replaced after. */
export async function upsertOneRow<T extends OneRowTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: Values<T>,
): Promise<void> {
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

/** Adds a row to the scope's company and returns its id. */
export async function insertScoped<T extends ScopedTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: Values<T>,
): Promise<string> {
  const row = await db
    .insertInto(table as ScopedTable)
    .values({ ...(values as Insertable<DB[ScopedTable]>), company_id: scope.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes these columns of the row `id` of `table`, if it is the scope's company's: another company's id changes
 * nothing.
 */
export async function updateScopedRow<T extends ByIdTable>(
  db: Database,
  scope: Scope,
  table: T,
  id: string,
  values: Omit<UpdateObject<DB, T>, 'company_id'>,
): Promise<void> {
  await db
    .updateTable(table as ByIdTable)
    .set(values as UpdateObject<DB, ByIdTable>)
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .execute();
}
