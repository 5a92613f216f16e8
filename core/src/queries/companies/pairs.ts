import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { readCompanyColumn, readCompanyColumns } from './rows';

/** The pairs a desk quotes (`companies.quoted_pairs`, issue 34 §3), as stored: services order them. */

/** The scope's company's quoted pairs. */
export async function readQuotedPairs(db: Database, scope: Scope): Promise<string[]> {
  return readCompanyColumn(db, scope, 'quoted_pairs');
}

/** Replaces the scope's company's quoted pairs. */
export async function writeQuotedPairs(trx: Database, scope: Scope, pairs: readonly string[]): Promise<void> {
  await trx
    .updateTable('companies')
    .set({ quoted_pairs: [...pairs] })
    .where('id', '=', scope.companyId)
    .execute();
}

/** Whether the scope's company quotes `pair`. */
export async function quotesPair(db: Database, scope: Scope, pair: string): Promise<boolean> {
  const row = await readCompanyColumns(db, scope, [sql<boolean>`${pair} = ANY (quoted_pairs)`.as('quoted')]);
  return Boolean(row?.quoted);
}

/**
 * Every pair some desk quotes, across all companies and without a scope: the worker keeps minutes and live quotes
 * for these, for no one company; it returns pair names only, nothing of any company.
 */
export async function listPairsQuotedByAnyCompany(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('companies')
    .select(sql<string>`unnest(quoted_pairs)`.as('pair'))
    .distinct()
    .execute();
  return rows.map((r) => r.pair);
}
