import { z } from 'zod';
import { CATALOGUE_CODES, type CataloguePair, pairInfo } from './pair-catalogue';
import { SUPPORTED_PAIRS } from './pairs';
import { barSourceLabel, DAILY_REFERENCE_LABEL } from './sources';

// The pairs a desk quotes (issue 34 §3): the admin's choice from the catalogue, the spec's six until then. The
// schema and the words are shared so the admin's card and the server's check say the same.

/** Every desk's pairs until its admin chooses: the spec's six. */
export const DEFAULT_DESK_PAIRS: readonly CataloguePair[] = SUPPORTED_PAIRS;

export const DESK_PAIRS_MAX = 100;

export const DESK_PAIR_MESSAGES = {
  none: 'Choose at least one currency pair for your desk.',
  saved: 'Pairs saved: your brokers can pitch them now; new pairs’ history loads in the background.',
  unknown: 'That is not a currency pair PipPitch prices.',
} as const;

/** What a broker reads when a pair is not among the desk's: the admin can add it. */
export function notQuotedMessage(pair: CataloguePair): string {
  return `Your desk does not quote ${pairInfo(pair).label}: an admin can add it on the dashboard's Currency pairs card.`;
}

/** A catalogue pair, as every procedure that takes one reads it. */
export const pairSchema = z.enum(CATALOGUE_CODES as [CataloguePair, ...CataloguePair[]], {
  error: 'Unsupported currency pair',
});

export const deskPairsInput = z.object({
  pairs: z.array(pairSchema).min(1, DESK_PAIR_MESSAGES.none).max(DESK_PAIRS_MAX),
});

/** The chosen pairs in the catalogue's order, each once. */
export function orderDeskPairs(pairs: Iterable<string>): CataloguePair[] {
  const chosen = new Set(pairs);
  return CATALOGUE_CODES.filter((p) => chosen.has(p));
}

/** How a pair is priced, in the words the admin's card and a pitch's record use. */
export function sourcingWords(pair: CataloguePair): string {
  const { sourcing } = pairInfo(pair);
  if (sourcing.kind === 'derived') return `Derived cross: ${sourcing.method}`;
  if (sourcing.kind === 'daily') return DAILY_REFERENCE_LABEL;
  return 'Minute prices from the market';
}

/**
 * One minute's source as a record names it: the bar source's words, and for a derived cross both its legs and the
 * method ('Derived cross: GBP/USD × USD/PLN at the same minute').
 */
export function minuteSourceLabel(
  source: string | null | undefined,
  pair: CataloguePair,
  at?: Date | string | number,
): string {
  if (source === 'derived') return sourcingWords(pair);
  return barSourceLabel(source, at);
}
