/**
 * Long-lived collaborators the procedures need beyond the database (the live-quote hub, the company
 * finder, …). Built once per process in app.ts; tests pass their own.
 */

import type { CompanyFinder } from '../providers/companies/types';
import type { SessionWatch } from './auth/session-watch';
import type { QuoteHub } from './market/live-quotes';
import type { SeriesCache } from './market/series-cache';

export interface Services {
  /** Live quotes fanned out from this process's LISTEN connection (absent in API-only tests). */
  quotes?: QuoteHub;
  /** Chart series shared by every broker, dropped when the pair's next quote arrives. */
  seriesCache?: SeriesCache;
  /** Ends long-lived streams whose session has ended. */
  sessions?: SessionWatch;
  /** The Company Finder provider: the bundled index by default, Companies House when configured. */
  finder?: CompanyFinder;
  /** Injected so tests can move time (trial ends, token expiry). */
  now(): Date;
}

export function defaultServices(): Services {
  return { now: () => new Date() };
}
