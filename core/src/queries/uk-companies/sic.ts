/**
 * The SIC tables as loaded from the bundled files (sic_hierarchy: the ONS sections to subclasses; sic_codes: the
 * five-digit Companies House codes, each placed). Public reference data, the same for every company: no scope.
 */
import type { Database, Row } from '@pippitch/sql';

/** Every hierarchy code with its level and ONS name. */
export function readSicHierarchy(db: Database): Promise<Pick<Row<'sic_hierarchy'>, 'code' | 'level' | 'name'>[]> {
  return db.selectFrom('sic_hierarchy').select(['code', 'level', 'name']).execute();
}

/** Every five-digit code with its description and placing. */
export function readSicCodes(db: Database): Promise<Row<'sic_codes'>[]> {
  return db.selectFrom('sic_codes').selectAll().execute();
}
