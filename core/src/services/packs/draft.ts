import { type BadRow, PACK_MESSAGES, type PricedTrade } from '@pippitch/shared/pack';
import { parsePackCsv } from '@pippitch/shared/pack-csv';
import type { Database } from '@pippitch/sql';
import { badRequest, notFound } from '../../errors';
import { ownLeadId } from '../../queries/leads/leads';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { deskPairs } from '../company/pairs';
import { priceTrades } from './price';

/**
 * A pack as it would be saved, not yet saved: the broker's own lead, the CSV read in the pairs their desk quotes,
 * each trade priced at the stated margin. Creating a pack and asking for its approval (margin/ask.ts) both start
 * here, so the figures an admin approves are the figures the pack will show.
 */
export async function draftPack(
  db: Database,
  actor: Actor,
  input: { leadId: string; csv: string; marginBps: number },
): Promise<{ leadId: string; trades: PricedTrade[]; bad: BadRow[] }> {
  const leadId = await ownLeadId(db, scopeOf(actor), input.leadId);
  if (!leadId) throw notFound(PACK_MESSAGES.leadNotFound);
  const parsed = parsePackCsv(input.csv, await deskPairs(db, actor));
  if (!parsed.ok) throw badRequest(parsed.message, 'csv');
  return { leadId, trades: await priceTrades(db, parsed.trades, input.marginBps), bad: parsed.bad };
}
