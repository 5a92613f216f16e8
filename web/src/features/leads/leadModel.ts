import type { AppRouter } from '@pippitch/server';
import { formatLondonDateTime } from '@pippitch/shared/time';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type LeadsData = Outputs['leads']['list'];
export type Lead = LeadsData['leads'][number];
export type LeadStats = LeadsData['stats'];
export type StatusFilter = 'all' | 'contacted' | 'not_contacted';

export const LEADS_PAGE_SIZE = 50;

export const LEAD_SOURCE_LABELS: Record<Lead['source'], string> = {
  calculator: 'Calculator',
  manual_search: 'Search',
  similar_results: 'Similar Companies',
};

/** '22 Nov 2026' in London (en-GB day month year), or an em dash. */
export function londonDate(iso: string | null): string {
  if (!iso) return '—';
  return formatLondonDateTime(new Date(iso)).replace(/, \d{2}:\d{2}$/, '');
}

export function londonDateTime(iso: string | null): string {
  return iso ? formatLondonDateTime(new Date(iso)) : '—';
}

/** Lower-cased text each lead is matched against by the filter box, built once per list. */
export function searchTextOf(leads: readonly Lead[]): string[] {
  return leads.map((l) =>
    [l.name, l.industry, l.location, l.postcode, l.companyNumber, l.estimatedSize, LEAD_SOURCE_LABELS[l.source]]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
  );
}

/**
 * The leads matching the text filter and the status buttons. In memory: 5,000 leads take well under a
 * millisecond once searchTextOf has run.
 */
export function filterLeads(
  leads: readonly Lead[],
  text: readonly string[],
  query: string,
  status: StatusFilter,
): Lead[] {
  const q = query.trim().toLowerCase();
  const out: Lead[] = [];
  for (let i = 0; i < leads.length; i++) {
    const l = leads[i]!;
    if (status === 'contacted' && !l.contacted) continue;
    if (status === 'not_contacted' && l.contacted) continue;
    if (q && !text[i]?.includes(q)) continue;
    out.push(l);
  }
  return out;
}
