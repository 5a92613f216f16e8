/** A ranked company plus the sentence saying why it was chosen; shared by both finders so they explain alike. */
import type { CompanyCard } from '../card';
import type { SicProfile } from '../sic';
import { sicCloseness } from './closeness';
import { similarityReason } from './reasoning';
import type { SicDirectory } from './sic-directory';
import type { SimilarCompany } from './types';

export interface ExplainContext {
  clientName: string;
  basis: 'name' | 'name-words';
  profile: SicProfile;
  region: string | null;
  size: string | null;
  directory: SicDirectory;
}

export function explain(
  card: CompanyCard & { region: string | null },
  profile: SicProfile,
  ctx: ExplainContext,
): SimilarCompany {
  const { region, ...rest } = card;
  const shared = sicCloseness(ctx.profile, profile).shared;
  return {
    ...rest,
    reasoning: similarityReason({
      sharedSic: shared ? ctx.directory.label(shared.level, shared.code) : 'Related SIC codes',
      basis: ctx.basis,
      clientName: ctx.clientName.trim(),
      region,
      targetRegion: ctx.region,
      size: card.size,
      targetSize: ctx.size,
    }),
  };
}
