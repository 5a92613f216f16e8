/** A fresh test database with the company index loaded, for one test file. */

import { loadCompanyIndex } from '../../../core/src/services/uk-companies/load/load-index';
import { createTestDatabase, type TestDatabase } from '../../../test/db';

export async function createIndexedDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  await loadCompanyIndex(t.pool);
  return t;
}
