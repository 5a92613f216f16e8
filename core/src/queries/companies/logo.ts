import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { readCompanyColumns } from './rows';

/** The company's logo for its shared evidence packs (issue 22 §3; `companies.logo`), the scope's company's only. */

/** Stores the logo's bytes and type, or removes it (null). */
export async function writeCompanyLogo(
  db: Database,
  scope: Scope,
  logo: { bytes: Buffer; type: string } | null,
): Promise<void> {
  await db
    .updateTable('companies')
    .set({ logo: logo?.bytes ?? null, logo_type: logo?.type ?? null })
    .where('id', '=', scope.companyId)
    .execute();
}

/** The logo's bytes and type, or undefined when the company has none. */
export async function readCompanyLogo(
  db: Database,
  scope: Scope,
): Promise<{ bytes: Buffer; type: string } | undefined> {
  const row = await readCompanyColumns(db, scope, ['logo', 'logo_type']);
  if (!row?.logo || !row.logo_type) return undefined;
  return { bytes: Buffer.from(row.logo), type: row.logo_type };
}

/** Whether the company has a logo, without reading it. */
export async function companyHasLogo(db: Database, scope: Scope): Promise<boolean> {
  const row = await readCompanyColumns(db, scope, [(eb) => eb('logo', 'is not', null).as('has')]);
  return Boolean(row?.has);
}
