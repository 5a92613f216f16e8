/**
 * company_names_match (migration 0003) must give the same answer as normalisedNamesMatch (shared/src/names.ts):
 * the finder relies on it to exclude shown companies and leads inside its ranking query.
 */
import { normaliseCompanyName, normalisedNamesMatch } from '@pippitch/shared/names';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/db';
import { createIndexedDatabase } from './index-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createIndexedDatabase();
});
afterAll(() => t.drop());

/** Variants a broker might type: a dropped letter, a swapped pair, an extra word, the first word alone. */
function variants(name: string): string[] {
  const words = name.split(' ');
  return [
    name,
    name.slice(0, -1),
    name.length > 3 ? `${name.slice(0, 1)}${name.slice(2, 3)}${name.slice(1, 2)}${name.slice(3)}` : name,
    `${name} uk`,
    words[0] ?? name,
    `${name}xyz`,
  ];
}

describe('company_names_match', () => {
  it('agrees with normalisedNamesMatch on every index name against typed variants', async () => {
    const rows = await t.db.selectFrom('company_index').select('normalized_name').orderBy('id').execute();
    const indexNames = [...new Set(rows.map((r) => r.normalized_name))];
    const probes = [
      ...indexNames.filter((_, i) => i % 450 === 0).flatMap(variants),
      ...['tesco', 'bp', 'a', '', 'barclay bank', 'sainsbury', 'john lewi', 'abcd', 'ab cd', 'x'.repeat(300)],
      ...['Ltd', 'J. Sainsbury plc', 'Nestlé UK', 'Marks & Spencer Group'].map(normaliseCompanyName),
    ];
    const { rows: fromSql } = await sql<{ a: string; b: string }>`
      SELECT c.n AS a, p.n AS b
      FROM unnest(${indexNames}::text[]) AS c(n), unnest(${probes}::text[]) AS p(n)
      WHERE company_names_match(c.n, p.n)`.execute(t.db);
    const sqlPairs = new Set(fromSql.map((r) => `${r.a}|${r.b}`));
    const tsPairs = new Set<string>();
    for (const a of indexNames) for (const b of probes) if (normalisedNamesMatch(a, b)) tsPairs.add(`${a}|${b}`);
    expect(tsPairs.size).toBeGreaterThan(probes.length / 2);
    expect([...sqlPairs].filter((p) => !tsPairs.has(p))).toEqual([]);
    expect([...tsPairs].filter((p) => !sqlPairs.has(p))).toEqual([]);
  });

  it('matches nothing with an empty name, not even another empty name', async () => {
    const { rows } = await sql<{ m: boolean }>`SELECT company_names_match('', '') AS m`.execute(t.db);
    expect(rows[0]?.m).toBe(false);
  });
});
