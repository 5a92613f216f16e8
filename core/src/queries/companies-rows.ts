import type { Database, DB } from '@pippitch/sql';
import type { Insertable, SelectExpression } from 'kysely';
import { STORED_BROKER } from '../services/stored-role';
import type { Scope } from './scope';

/**
 * The company's own row (`companies`) and the rows hung on it, always the scope's company: the company id comes
 * only from the scope, so no caller can read or lock another company's row.
 */

/** A column (or expression) of `companies` a caller may ask for. */
export type CompanyColumn = SelectExpression<DB, 'companies'>;

/** These columns of the scope's company row, or undefined. Inside a transaction that locked the row, pass that. */
export function readCompanyColumns<C extends CompanyColumn>(db: Database, scope: Scope, columns: readonly C[]) {
  return db.selectFrom('companies').select(columns).where('id', '=', scope.companyId).executeTakeFirst();
}

/** The scope's whole company row, or undefined (the summary page shows most of it). */
export function readCompanyRow(db: Database, scope: Scope) {
  return db.selectFrom('companies').selectAll().where('id', '=', scope.companyId).executeTakeFirst();
}

/** Locks the scope's company row for the rest of the transaction; false when there is no such company. */
export async function lockCompanyRow(trx: Database, scope: Scope): Promise<boolean> {
  const row = await trx
    .selectFrom('companies')
    .select('id')
    .where('id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The tables that hold at most one row a company, keyed by the company. */
export type OneRowTable = 'export_schedules' | 'monthly_report_schedule' | 'salesforce_connections';

/** A one-row table's values, without the company (the scope gives it). */
export type CompanyRowValues<T extends OneRowTable> = Omit<Insertable<DB[T]>, 'company_id'>;

/** Writes the scope's company's one row of `table`: inserted the first time, these values replaced after. */
export async function upsertCompanyRow<T extends OneRowTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: CompanyRowValues<T>,
): Promise<void> {
  const row = { company_id: scope.companyId, ...values } as Insertable<DB[OneRowTable]>;
  await db
    .insertInto(table as OneRowTable)
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values as Insertable<DB[OneRowTable]>))
    .execute();
}

/** Admins and brokers counted by role (the stored words, in one place). */
export interface RoleCounts {
  admins: number;
  brokers: number;
}

/** The company's active members, by seat role. */
export async function countActiveMembersByRole(db: Database, scope: Scope): Promise<RoleCounts> {
  const row = await db
    .selectFrom('user_profiles')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', 'in', ['admin', 'super_admin']).as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', scope.companyId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return { admins: Number(row.admins), brokers: Number(row.brokers) };
}

/** The company's invitations still pending at `now` (each holds a seat), by seat role. */
export async function countPendingInvitationsByRole(db: Database, scope: Scope, now: Date): Promise<RoleCounts> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', '=', 'admin').as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return { admins: Number(row.admins), brokers: Number(row.brokers) };
}
