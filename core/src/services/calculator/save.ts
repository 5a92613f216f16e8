import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { calculateSavings } from '@pippitch/shared/calculator';
import { isOffMarket } from '@pippitch/shared/evidence';
import { normaliseCompanyName } from '@pippitch/shared/names';
import { pipSize } from '@pippitch/shared/pairs';
import { OFF_MARKET_CONFIRM_NEEDED } from '@pippitch/shared/totals';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { fileCalculationUnderLead, insertCalculation } from '../../queries/calculations/save';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { toStoredCalculation } from '../calculation-data';
import { recordCalculatorLead } from '../leads/leads';
import { requireAllowedMarginOption } from '../margin/options';
import { buildEvidence } from './evidence';
import { gbpConversion } from './gbp-conversion';
import type { QuoteAtSave } from './quote-at-save';

/**
 * One Calculate = one calculation row (with its substantiation record) + one activity entry, in one transaction. Results are recomputed
 * here from the inputs (never taken from the browser). The id comes from the browser, so the same
 * Calculate sent twice (a retry, Enter pressed twice) finds its row and writes nothing more.
 */
export interface SaveDeps {
  now: Date;
  /** The server's own latest quote for the pair, stored as the mid used. */
  liveQuote: QuoteAtSave | null;
  /** The server's GBP/EUR quote: what a EUR/USD pitch made now is converted to pounds with (issue 22 §1). */
  /** The quote of gbpLivePair(pair) (GBP/EUR or GBP/USD), for a pitch whose costs are not in pounds. */
  gbpQuote?: QuoteAtSave | null;
  /** When the calculation was made, for the demo company's history (seed/demo-activity.ts); the database's now() otherwise. */
  at?: Date;
}

export async function saveCalculation(
  db: Database,
  actor: Actor,
  input: SaveCalculationInput,
  { now, liveQuote, gbpQuote = null, at }: SaveDeps,
) {
  const r = calculateSavings({
    yourRate: input.yourRate,
    competitorRate: input.competitorRate,
    amount: input.amount,
    tradesPerYear: input.tradesPerYear,
    marginPips: input.marginPips,
    pipSize: pipSize(input.pair),
  });
  const clientName = input.clientName?.trim() || null;
  const normalized = clientName ? normaliseCompanyName(clientName) || null : null;
  const calculationData = toStoredCalculation(input, r);
  const [evidence, gbp] = await Promise.all([
    buildEvidence(db, input, liveQuote, now),
    gbpConversion(db, input, gbpQuote),
  ]);
  // A competitor rate outside the day's range (on a day without prices, the last trading session's: issue 31 §1) is
  // a typo or an off-market quote: saved only when the broker said to use it anyway, and then kept out of totals and
  // averages (issue 22 §2).
  const offMarket = isOffMarket(evidence.range);
  if (offMarket && !input.useOffMarketRate) throw badRequest(OFF_MARKET_CONFIRM_NEEDED, 'competitorRate');
  evidence.gbp = gbp;
  // Only the 'Inflate Your Margin' options the desk allows (issue 25 §1).
  await requireAllowedMarginOption(db, actor, input.marginPips);
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const inserted = await insertCalculation(trx, scope, {
      input,
      result: r,
      clientName,
      normalizedClientName: normalized,
      calculationData,
      liveQuote,
      evidence,
      gbpPerUnit: gbp.rate,
      offMarket,
      description: clientName ? `Calculation for ${clientName}` : 'Calculation',
      at,
    });
    if (!inserted) {
      // Already saved: only the same member may "repeat" it; anyone else's id is simply not theirs.
      return { saved: false as const, duplicate: true as const, lead: null };
    }
    // A Calculate with a client name records that client as a contacted lead in the broker's My Leads (spec §4
    // Lead), in the same transaction.
    const recorded = clientName ? await recordCalculatorLead(trx, actor, clientName) : null;
    // The pitch is filed under that lead by id (issue 32): approvals, the margin card and reports follow the lead,
    // not a name that may differ by a letter.
    if (recorded) await fileCalculationUnderLead(trx, scope, input.id, recorded.id);
    const lead = recorded && { status: recorded.status, name: recorded.name, message: recorded.message };
    return { saved: true as const, duplicate: false as const, lead };
  });
}
