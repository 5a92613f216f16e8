/**
 * The nightly re-pricing (issue 14 §4): every broker's leads with a calculation, re-priced on the current mid with
 * the last calculation's inputs (shared/src/alerts.ts), in keyset batches so 100,000 leads stream through in bounded
 * memory; then one digest e-mail per broker whose leads moved today. Idempotent: a second run the same day (another
 * worker, a retry) rewrites the same rows and sends no second digest.
 */
import { changePercent, isFlagged, repricedAnnualSavings } from '@pippitch/shared/alerts';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { isCurrencyPair, pipSize, STORED_PAIRS, servePrice, storageFor } from '@pippitch/shared/pairs';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import {
  latestClose,
  leadsToRepriceOfAllCompanies,
  type Repricings,
  saveRepricings,
} from '../../queries/alerts/reprice';
import { storedCalculation } from '../calculation-data';
import { pairsQuotedAnywhere } from '../company/pairs';
import { sendAlertDigests } from './digest';

const BATCH = 5_000;

/**
 * The newest stored price of each stored pair the six and the desks' pairs use (issue 34: a derived cross's own
 * minutes, a daily-only pair's latest ECB fix), as stored; served through storageFor below (GBPEUR inverted).
 */
async function currentMids(db: Database): Promise<Map<string, number>> {
  const mids = new Map<string, number>();
  const quoted = (await pairsQuotedAnywhere(db)).map((p) => storageFor(p).stored as string);
  for (const pair of new Set<string>([...STORED_PAIRS, ...quoted])) {
    const close = await latestClose(db, pair);
    if (close !== undefined) mids.set(pair, close);
  }
  return mids;
}

export async function repriceLeads(
  db: Database,
  now: Date,
  appUrl: string,
): Promise<{ leads: number; flagged: number; digests: number }> {
  const today = londonDateOf(now);
  const mids = await currentMids(db);
  let after = '00000000-0000-0000-0000-000000000000';
  let leads = 0;
  let flagged = 0;
  for (;;) {
    // Each broker's lead with its newest on-market calculation, brokers of companies with access only.
    const rows = await leadsToRepriceOfAllCompanies(db, after, BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.leadId;
    const out: Repricings = { lead: [], user: [], calc: [], at: [], base: [], now: [], change: [], flagged: [] };
    for (const r of rows) {
      if (!isCurrencyPair(r.currencyPair)) continue;
      const daily = pairInfo(r.currencyPair).sourcing.kind === 'daily';
      const baseMid = daily && r.recordMid ? Number(r.recordMid) : r.liveRate;
      if (!baseMid) continue; // no mid on record: nothing to re-price from
      const current = mids.get(storageFor(r.currencyPair).stored);
      if (current === undefined) continue;
      const d = storedCalculation.parse(r.calculationData);
      const repriced = repricedAnnualSavings(
        {
          yourRate: d.your_rate,
          competitorRate: d.competitor_rate,
          amount: d.trade_amount,
          tradesPerYear: d.trades_per_year,
          marginPips: d.pips_added,
          pipSize: pipSize(r.currencyPair),
        },
        baseMid,
        servePrice(current, storageFor(r.currencyPair).invert),
      );
      const change = changePercent(r.savingsAmount, repriced);
      const moved = isFlagged(change, r.threshold);
      out.lead.push(r.leadId);
      out.user.push(r.userId);
      out.calc.push(r.calculationId);
      out.at.push(r.createdAt);
      out.base.push(r.savingsAmount);
      out.now.push(repriced);
      out.change.push(change);
      out.flagged.push(moved);
      leads++;
      if (moved) flagged++;
    }
    if (out.lead.length === 0) continue;
    await saveRepricings(db, out, today);
  }
  const digests = await sendAlertDigests(db, today, appUrl);
  return { leads, flagged, digests };
}
