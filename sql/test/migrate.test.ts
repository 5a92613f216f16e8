import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { listMigrations, migrate } from '../src/migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('migrate', () => {
  it('records every migration and is a no-op when run again', async () => {
    const rows = await t.db
      .selectFrom('schema_migrations' as never)
      .select('version' as never)
      .execute();
    expect(rows.map((r) => (r as { version: string }).version)).toEqual(await listMigrations());
    const again = await migrate(t.url);
    expect(again.applied).toEqual([]);
  });

  it('runs safely from two processes at once', async () => {
    const [a, b] = await Promise.all([migrate(t.url), migrate(t.url)]);
    expect([...a.applied, ...b.applied]).toEqual([]);
  });
});
