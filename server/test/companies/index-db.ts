/** A fresh test database with the company index loaded, for one test file. */
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { loadCompanyIndex } from '../../src/services/companies/load/load-index';

export async function createIndexedDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  await loadCompanyIndex(t.pool);
  return t;
}
