/**
 * A ranked company as a card plus the sentence saying why it was chosen; shared by both finders so they explain
 * alike. The card's industry and the reason both come from the one SIC code that ranked it (SicMatch), so they
 * cannot contradict each other.
 */

import type { CompanyCard } from '../card';
import { similarityReason } from './reasoning';
import type { SicDirectory } from './sic-directory';
import type { SicMatch } from './sic-match';
import type { SimilarCompany } from './types';

export interface ExplainContext {
  clientName: string;
  basis: 'name' | 'name-words';
  region: string | null;
  size: string | null;
  directory: SicDirectory;
}

export function explain(
  card: CompanyCard & { region: string | null },
  match: SicMatch,
  ctx: ExplainContext,
): SimilarCompany {
  const { region, ...rest } = card;
  return {
    ...rest,
    industry: ctx.directory.industryOf(match.code),
    sicCode: match.code,
    reasoning: similarityReason({
      sharedSic: ctx.directory.label(match.shared.level, match.shared.code),
      basis: ctx.basis,
      clientName: ctx.clientName.trim(),
      region,
      targetRegion: ctx.region,
      size: card.size,
      targetSize: ctx.size,
    }),
  };
}
