/**
 * Migration 0049 (issue 30): names stored before the rule came lose their control characters, and the database
 * refuses new ones. The database is put back as it was before 0049 (its checks, functions and record removed, the
 * old request column back), dirty rows are written, and the migration runs again as it would on an upgrade.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { migrate } from '../src/migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`
    ALTER TABLE companies DROP CONSTRAINT companies_name_clean;
    ALTER TABLE user_profiles DROP CONSTRAINT user_profiles_full_name_clean;
    ALTER TABLE user_leads DROP CONSTRAINT user_leads_custom_name_clean;
    ALTER TABLE calculations DROP CONSTRAINT calculations_client_name_clean;
    DROP FUNCTION name_is_clean(text);
    DROP FUNCTION clean_name(text);
    ALTER TABLE signup_requests ADD COLUMN password_hash text;
    DELETE FROM schema_migrations WHERE version = '0049_last_mile_security.sql';
  `.execute(t.db);
});
afterAll(() => t.drop());

async function company(name: string): Promise<string> {
  const row = await sql<{ id: string }>`
    INSERT INTO companies (name, domain, price_per_month, subscription_price)
    VALUES (${name}, 'x.example', 0, 0) RETURNING id`.execute(t.db);
  return row.rows[0]!.id;
}

describe('migration 0049', () => {
  it('cleans stored names and then refuses new control characters', async () => {
    const dirty = await company('Evil\r\nBcc: all@example.com');
    const clean = await company('Two Words');
    const clash = await company('Two\tWords');
    const bidi = await company('\u202Egnp.exe');
    const user = await sql<{ id: string }>`
      INSERT INTO user_profiles (company_id, role_type, full_name, email)
      VALUES (${clean}, 'admin', ${'Mallory\u0085Admin'}, 'm@x.example') RETURNING id`.execute(t.db);
    const userId = user.rows[0]!.id;
    await sql`INSERT INTO user_leads (user_id, custom_name, normalized_name, source)
      VALUES (${userId}, ${'Lead\nName'}, 'lead name', 'manual_search')`.execute(t.db);

    const { applied } = await migrate(t.url);
    expect(applied).toEqual(['0049_last_mile_security.sql']);

    const names = Object.fromEntries(
      (await sql<{ id: string; name: string }>`SELECT id, name FROM companies`.execute(t.db)).rows.map((r) => [
        r.id,
        r.name,
      ]),
    );
    expect(names[dirty]).toBe('Evil Bcc: all@example.com');
    expect(names[clean]).toBe('Two Words');
    // Cleaned into another company's name: a few characters of its own id keep names unique.
    expect(names[clash]).toBe(`Two Words (${clash.slice(0, 8)})`);
    expect(names[bidi]).toBe('gnp.exe');
    const person = await sql<{ full_name: string }>`SELECT full_name FROM user_profiles WHERE id = ${userId}`.execute(
      t.db,
    );
    expect(person.rows[0]?.full_name).toBe('Mallory Admin');
    const lead = await sql<{ custom_name: string }>`SELECT custom_name FROM user_leads`.execute(t.db);
    expect(lead.rows[0]?.custom_name).toBe('Lead Name');

    await expect(company('Again\nEvil')).rejects.toThrow(/companies_name_clean/);
    await expect(
      sql`UPDATE user_profiles SET full_name = ${'A\u202Eb'} WHERE id = ${userId}`.execute(t.db),
    ).rejects.toThrow(/user_profiles_full_name_clean/);
  });
});
