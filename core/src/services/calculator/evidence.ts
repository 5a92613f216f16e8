import type { SaveCalculationInput } from '@pippitch/shared/calculation-schema';
import { type CalculationEvidence, calculationMethod, checkAgainstRange } from '@pippitch/shared/evidence';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import { crossRecordOf } from '@pippitch/shared/pair-method';
import { LIVE_SOURCE_LABELS, type LiveSource } from '@pippitch/shared/sources';
import { londonDateOf } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { dayRange } from '../../market/read/day-range';
import { ecbReferenceFor } from '../../market/read/ecb-reference';
import type { QuoteAtSave } from './quote-at-save';

/**
 * The substantiation record of a calculation (issue 14 §1), built on the server from what it holds, never from a
 * number the browser sent: the mid (for a comparison made now, the server's own latest quote; for one at a past
 * minute, that minute's bar or the latest within 5 minutes before it), the method, the ECB reference rate for the
 * comparison date, and where the competitor rate sits in that day's range. What the server lacks is recorded as
 * absent.
 */
export async function buildEvidence(
  db: Database,
  input: SaveCalculationInput,
  quote: QuoteAtSave | null,
  now: Date,
): Promise<CalculationEvidence> {
  const live = quote
    ? { rate: quote.mid, at: quote.timestamp, source: LIVE_SOURCE_LABELS[quote.source as LiveSource] ?? quote.source }
    : null;
  const [ecb, day] = await Promise.all([
    ecbReferenceFor(db, input.pair, input.comparisonDate),
    // A comparison date the browser sent in the future has no day to check.
    input.comparisonDate <= londonDateOf(now)
      ? dayRange(db, { pair: input.pair, date: input.comparisonDate, time: input.comparisonTime }, now, live)
      : null,
  ]);
  const dayMid = day?.found ? day.mid : null;
  // A daily-only pair has no live price: its mid is the day's ECB reference rate (issue 34).
  const mid =
    input.comparisonTime || pairInfo(input.pair).sourcing.kind === 'daily'
      ? dayMid
      : live && { rate: live.rate.toFixed(6), source: live.source, at: new Date(live.at).toISOString() };
  const range = day?.found
    ? checkAgainstRange(input.competitorRate, day.range, dayMid && { rate: dayMid.rate, at: dayMid.at })
    : null;
  // A derived cross's record names its legs and method; other pairs' records are as they were.
  const cross = crossRecordOf(input.pair);
  return { mid, method: calculationMethod(input.pair), ecb, range, ...(cross && { cross }) };
}
