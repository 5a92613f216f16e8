import type { Database, DB } from '@pippitch/sql';
import { type Insertable, sql } from 'kysely';

/** The tables whose rows record that something happened once: a claim, an event applied, a notice sent. */
type OnceTable = 'demo_history' | 'billing_events' | 'billing_notices';

/**
 * Inserts the row unless one with the same `key` exists (INSERT … ON CONFLICT DO NOTHING RETURNING): true for the
 * one caller whose row went in, so two workers starting together, a retried job or a redelivered event act once.
 * Kysely cannot follow a generic table through insertInto, so this casts inside; the signature keeps values typed.
 */
export async function insertOnce<T extends OnceTable>(
  db: Database,
  table: T,
  values: Insertable<DB[T]>,
  key: readonly (keyof DB[T] & string)[],
): Promise<boolean> {
  const row = await db
    .insertInto(table as OnceTable)
    .values(values as Insertable<DB[OnceTable]>)
    .onConflict((oc) => oc.columns(key as never).doNothing())
    .returning(sql<number>`1`.as('inserted'))
    .executeTakeFirst();
  return row !== undefined;
}
