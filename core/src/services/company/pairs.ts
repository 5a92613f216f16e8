import { DESK_PAIR_MESSAGES, notQuotedMessage, orderDeskPairs } from '@pippitch/shared/desk-pairs';
import type { CataloguePair } from '@pippitch/shared/pair-catalogue';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { marketHistoryJob } from '../../jobs/market';
import { sendJob } from '../../jobs/send';
import {
  listPairsQuotedByAnyCompany,
  quotesPair,
  readQuotedPairs,
  writeQuotedPairs,
} from '../../queries/companies/pairs';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/** The pairs the caller's desk quotes, in the catalogue's order (issue 34 §3). */
export async function deskPairs(db: Database, actor: Actor): Promise<CataloguePair[]> {
  return orderDeskPairs(await readQuotedPairs(db, scopeOf(actor)));
}

/**
 * Replaces the desk's pairs (an admin's choice; the procedure checks each is a catalogue pair). A pair no desk had
 * before starts its history at once: the backfill job is sent in the same transaction (stately, so a job already
 * waiting absorbs it) and fetches the new stored pairs, then derives new crosses, in the background.
 */
export async function setDeskPairs(db: Database, actor: Actor, pairs: readonly CataloguePair[]) {
  const ordered = orderDeskPairs(pairs);
  if (ordered.length === 0) throw badRequest(DESK_PAIR_MESSAGES.none, 'pairs');
  await db.transaction().execute(async (trx) => {
    const before = new Set(await pairsQuotedAnywhere(trx));
    await writeQuotedPairs(trx, scopeOf(actor), ordered);
    if (ordered.some((p) => !before.has(p))) await sendJob(trx, marketHistoryJob, {});
  });
  return { pairs: ordered, message: DESK_PAIR_MESSAGES.saved };
}

/** Refuses a pair the caller's desk does not quote, with words that say who can add it. */
export async function requireDeskPair(db: Database, actor: Actor, pair: CataloguePair): Promise<void> {
  if (!(await quotesPair(db, scopeOf(actor), pair))) throw badRequest(notQuotedMessage(pair), 'pair');
}

/** Every pair some desk quotes: what the worker keeps minutes and live quotes for. */
export async function pairsQuotedAnywhere(db: Database): Promise<CataloguePair[]> {
  return orderDeskPairs(await listPairsQuotedByAnyCompany(db));
}
