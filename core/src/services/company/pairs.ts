import { DESK_PAIR_MESSAGES, notQuotedMessage, orderDeskPairs } from '@pippitch/shared/desk-pairs';
import type { CataloguePair } from '@pippitch/shared/pair-catalogue';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { badRequest } from '../../errors';
import { marketHistoryJob } from '../../jobs/market';
import { sendJob } from '../../jobs/send';
import type { Actor } from '../actor';

/** The pairs the caller's desk quotes, in the catalogue's order (issue 34 §3). */
export async function deskPairs(db: Database, companyId: string): Promise<CataloguePair[]> {
  const row = await db
    .selectFrom('companies')
    .select('quoted_pairs')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return orderDeskPairs(row.quoted_pairs);
}

/**
 * Replaces the desk's pairs (an admin's choice; the procedure checks each is a catalogue pair). A pair no desk had
 * before starts its history at once: the backfill job is sent in the same transaction (stately, so a job already
 * waiting absorbs it) and fetches the new stored pairs, then derives new crosses, in the background.
 */
export async function setDeskPairs(db: Database, actor: Pick<Actor, 'companyId'>, pairs: readonly CataloguePair[]) {
  const ordered = orderDeskPairs(pairs);
  if (ordered.length === 0) throw badRequest(DESK_PAIR_MESSAGES.none, 'pairs');
  await db.transaction().execute(async (trx) => {
    const before = new Set(await pairsQuotedAnywhere(trx));
    await trx.updateTable('companies').set({ quoted_pairs: ordered }).where('id', '=', actor.companyId).execute();
    if (ordered.some((p) => !before.has(p))) await sendJob(trx, marketHistoryJob, {});
  });
  return { pairs: ordered, message: DESK_PAIR_MESSAGES.saved };
}

/** Refuses a pair the caller's desk does not quote, with words that say who can add it. */
export async function requireDeskPair(db: Database, companyId: string, pair: CataloguePair): Promise<void> {
  const row = await db
    .selectFrom('companies')
    .select(sql<boolean>`${pair} = ANY (quoted_pairs)`.as('quoted'))
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row?.quoted) throw badRequest(notQuotedMessage(pair), 'pair');
}

/** Every pair some desk quotes: what the worker keeps minutes and live quotes for. */
export async function pairsQuotedAnywhere(db: Database): Promise<CataloguePair[]> {
  const rows = await db
    .selectFrom('companies')
    .select(sql<string>`unnest(quoted_pairs)`.as('pair'))
    .distinct()
    .execute();
  return orderDeskPairs(rows.map((r) => r.pair));
}
