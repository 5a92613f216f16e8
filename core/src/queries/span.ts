import { type RawBuilder, sql } from 'kysely';

/** A span as instants: from its start up to, not including, its end (a run of London days, in UTC). */
export interface Instants {
  from: Date;
  to: Date;
}

/**
 * `column` (a timestamp) falls in the span: at or after its start, before its end, so two spans that meet share no
 * row. For a builder's `.where` or `.on`, or inside raw SQL.
 */
export function inSpan(column: string, { from, to }: Instants): RawBuilder<boolean> {
  const c = sql.ref(column);
  return sql<boolean>`(${c} >= ${from} AND ${c} < ${to})`;
}
