/**
 * The reasoning quote on a similar-company card, written only from the facts that ranked the company, in the order
 * they ranked it (sic-match.ts: industry, size, region), e.g.
 * 'Same SIC class 46.90 (Non-specialised wholesale trade), same size (250–499 staff), also in the West Midlands'.
 */
import { inRegionPhrase } from '@pippitch/shared/uk-regions';

export interface ReasonFacts {
  /** From SicDirectory.label: 'SIC class 46.90 (Non-specialised wholesale trade)'. */
  sharedSic: string;
  /** 'name': the client was found, so "same" is literal. 'name-words': its industry was guessed from its name. */
  basis: 'name' | 'name-words';
  /** The client's name as typed, quoted when the industry was guessed. */
  clientName: string;
  region: string | null;
  targetRegion: string | null;
  size: string | null;
  targetSize: string | null;
}

export function similarityReason(f: ReasonFacts): string {
  const parts = [
    f.basis === 'name' ? `Same ${f.sharedSic}` : `${f.sharedSic}, the industry the name '${f.clientName}' suggests`,
  ];
  if (f.size) parts.push(f.targetSize === f.size ? `same size (${f.size})` : f.size);
  if (f.region) {
    parts.push(
      f.targetRegion === f.region ? `also in ${inRegionPhrase(f.region)}` : `based in ${inRegionPhrase(f.region)}`,
    );
  }
  return parts.join(', ');
}
