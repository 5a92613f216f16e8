import type { Database, DB } from '@pippitch/sql';
import type { Insertable } from 'kysely';
import type { Scope } from './scope';

/** The tables whose new rows a member's request adds to their company, each with a generated id. */
type CompanyRowTable = 'export_log' | 'monthly_reports' | 'evidence_packs';

/** Adds a row to the scope's company (its company_id is the scope's, never a value's) and returns the new id. */
export async function insertScoped<T extends CompanyRowTable>(
  db: Database,
  scope: Scope,
  table: T,
  values: Omit<Insertable<DB[T]>, 'company_id'>,
): Promise<string> {
  // Kysely cannot follow a generic table name through insertInto; the signature above keeps the values typed.
  const row = await db
    .insertInto(table as CompanyRowTable)
    .values({ ...(values as Insertable<DB[CompanyRowTable]>), company_id: scope.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
