/**
 * Tenant scope by construction (issue 36 §2, ARCHITECTURE.md "Data access"): SQL is written only in the query folder
 * (`core/src/queries/`), whose functions take a `Scope` made from an actor or a named system task. Anywhere else in
 * the product a company filter, a query builder call or a kysely import is refused here, file and line named, so a
 * new feature cannot quietly query a tenant's rows without a scope. Biome refuses the kysely import as you type
 * (biome.json; `lint-boundaries.test.ts` shows it); this also catches `db.selectFrom(…)` written without an import.
 *
 * Outside the rule, each for its reason:
 * - `core/src/market/`: market prices, the same for every company; its `read/` and `ingest/` are its query layer.
 * - `server/src/seed/`: the demo company's fixture rows, written once like a migration's.
 * - `sql/`: the schema, migrations and connections themselves.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TREES = ['core/src', 'server/src', 'worker/src'];
const OUTSIDE = ['core/src/queries/', 'core/src/market/', 'server/src/seed/'];

/** Lines that name `company_id` without being a query: [file, the line's text, why]. */
const NOT_QUERIES: [string, string, string][] = [
  [
    'core/src/providers/payments/stripe/transform.ts',
    "export const COMPANY_METADATA = 'company_id';",
    "a key of Stripe's metadata on a customer and a checkout, not a column",
  ],
];

const RULES: [string, RegExp][] = [
  ['a kysely import', /from ['"]kysely['"]/],
  ['a query builder call', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/],
  ['a company filter', /\bcompany_id\b/],
];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('data access', () => {
  const checked = TREES.flatMap(files).filter((f) => !OUTSIDE.some((o) => f.startsWith(o)));

  it('reads the product trees', () => {
    expect(checked.length).toBeGreaterThan(200);
  });

  it.each(RULES)('no file outside the query folder holds %s', (_what, pattern) => {
    const found = checked.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${relative('.', file)}:${i + 1}: ${line.trim()}`] : []))
        .filter((hit) => !NOT_QUERIES.some(([f, text]) => hit.startsWith(`${f}:`) && hit.endsWith(`: ${text}`))),
    );
    expect(found).toEqual([]);
  });
});
