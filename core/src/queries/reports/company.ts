import type { Database } from '@pippitch/sql';
import { readCompanyColumns } from '../companies/rows';
import type { Scope } from '../scope';

/**
 * What reports and CRM exports read of the scope's own company row (`companies`): its name and whether it has the
 * Client Data Tracking add-on. The company's id is the scope's, never a caller's.
 */
export interface ReportCompany {
  name: string;
  clientDataEnabled: boolean;
}

/** The scope's company, or undefined when it is gone. */
export async function reportCompany(db: Database, scope: Scope): Promise<ReportCompany | undefined> {
  const row = await readCompanyColumns(db, scope, ['name', 'client_data_enabled']);
  return row && { name: row.name, clientDataEnabled: row.client_data_enabled };
}
