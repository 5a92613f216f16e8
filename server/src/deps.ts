/**
 * The long-lived collaborators a server process needs beyond the database, built in one place so the real
 * server, the browser-test harness and the benchmarks get them the same way (tests replace what they need).
 * Every field is always there: a procedure never checks whether a collaborator exists.
 */

import {
  AccessFeed,
  SessionCache,
  SessionWatch,
  SIGN_IN_REFUSAL_DELAY_MS,
  SIGN_IN_REFUSALS_HELD,
  Tarpit,
} from '@pippitch/core/auth';
import type { Config } from '@pippitch/core/config';
import { MarginDeskFeed } from '@pippitch/core/margin';
import { QuoteHub, SeriesCache } from '@pippitch/core/market/read';
import type { CrmProvider } from '@pippitch/core/providers/crm';
import { createCrmProvider } from '@pippitch/core/providers/crm';
import type { PaymentProvider } from '@pippitch/core/providers/payments';
import { createPaymentProvider, StripePayments } from '@pippitch/core/providers/payments';
import type { CompanyFinder } from '@pippitch/core/uk-companies';
import { createCompanyFinder } from '@pippitch/core/uk-companies';
import type { Database, Log } from '@pippitch/sql';

export interface ServerDeps {
  /** Live quotes fanned out from this process's one LISTEN connection. */
  quotes: QuoteHub;
  /** Chart series shared by every broker until the pair's next quote; null serves every request fresh. */
  seriesCache: SeriesCache | null;
  /** Ends long-lived streams whose session or access has ended. */
  sessions: SessionWatch;
  /**
   * The margin desk's announcements (a company's approval requests changed), from this process's one LISTEN
   * connection on 'margin_desk', opened by the first live page; null without a database URL (no live desk).
   */
  marginDesk: MarginDeskFeed | null;
  /**
   * Who a session cookie stands for, held in memory for a few seconds and dropped at once when the database
   * announces a change (issue 35). Off under NODE_ENV=test unless a test passes one: tests that write to the
   * database directly expect the very next request to see it, before any announcement could arrive.
   */
  sessionCache: SessionCache;
  /** The Company Finder provider: the bundled index by default, Companies House when configured. */
  finder: CompanyFinder;
  /**
   * Payments: Stripe when configured, else the test-mode checkout; null only in production without Stripe keys,
   * where starting a checkout is refused with a clear message.
   */
  payments: PaymentProvider | null;
  /** Salesforce when a connected app is configured; null: exports are kept in the export log only. */
  crm: CrmProvider | null;
  /**
   * Holds back refused sign-ins' answers (issue 30 §3). Answers at once under NODE_ENV=test unless a test passes
   * one: suites that make hundreds of refused attempts would otherwise wait a second for each.
   */
  signInTarpit: Tarpit;
  /** The clock; tests move it (trial ends, token expiry). */
  now(): Date;
}

/**
 * How long a session read is served from memory at most. Announcements drop entries at once; this bounds only what
 * nothing announces (none known), and a few seconds still saves all but one read of a page's burst of calls.
 */
export const SESSION_CACHE_MS = 10_000;

export interface BuiltServerDeps {
  deps: ServerDeps;
  /** Stops what was built here (not what the caller passed in). */
  stop(): Promise<void>;
}

export function buildServerDeps(config: Config, db: Database, given: Partial<ServerDeps>, log: Log): BuiltServerDeps {
  const stops: (() => unknown)[] = [];
  const now = given.now ?? (() => new Date());
  let quotes = given.quotes;
  if (!quotes) {
    if (!config.databaseUrl) throw new Error('DATABASE_URL is required for live quotes');
    const hub = new QuoteHub(db, config.databaseUrl, log);
    hub.start();
    stops.push(() => hub.stop());
    quotes = hub;
  }
  let seriesCache = given.seriesCache;
  if (seriesCache === undefined) {
    const cache = new SeriesCache(quotes);
    stops.push(() => cache.stop());
    seriesCache = cache;
  }
  // One LISTEN connection for access announcements, shared by the session cache and the live streams' watch.
  let feed: AccessFeed | null = null;
  const accessFeed = () => {
    if (!feed && config.databaseUrl) {
      const built = new AccessFeed(config.databaseUrl, log);
      stops.push(() => built.stop());
      feed = built;
    }
    return feed;
  };
  let sessionCache = given.sessionCache;
  if (!sessionCache) {
    const ttlMs = config.env === 'test' ? 0 : SESSION_CACHE_MS;
    const cache = new SessionCache(db, { ttlMs, feed: ttlMs > 0 ? accessFeed() : null, log });
    stops.push(() => cache.stop());
    sessionCache = cache;
  }
  let sessions = given.sessions;
  if (!sessions) {
    const watch = new SessionWatch(db, { listenUrl: config.databaseUrl, feed: accessFeed() ?? undefined, now, log });
    stops.push(() => watch.stop());
    sessions = watch;
  }
  let marginDesk = given.marginDesk;
  if (marginDesk === undefined) {
    const feed = config.databaseUrl ? new MarginDeskFeed(config.databaseUrl, log) : null;
    if (feed) stops.push(() => feed.stop());
    marginDesk = feed;
  }
  const finder =
    given.finder ??
    createCompanyFinder(
      { companiesHouseApiKey: config.companiesHouseApiKey, companiesHouseUrl: config.companiesHouseUrl },
      db,
    );
  const payments = given.payments === undefined ? createPaymentProvider(config, db, now) : given.payments;
  // Stripe's prices and VAT rate are made sure of at start (created from pricing.ts if missing), so the first
  // checkout does not wait for it; a failure is retried on first use.
  if (payments instanceof StripePayments)
    payments.prices().catch((err: Error) => log(`stripe catalog: ${err.message}`, 'warn'));
  return {
    deps: {
      quotes,
      seriesCache,
      sessions,
      marginDesk,
      sessionCache,
      finder,
      payments,
      crm: given.crm === undefined ? createCrmProvider(config) : given.crm,
      signInTarpit:
        given.signInTarpit ?? new Tarpit(config.env === 'test' ? 0 : SIGN_IN_REFUSAL_DELAY_MS, SIGN_IN_REFUSALS_HELD),
      now,
    },
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
