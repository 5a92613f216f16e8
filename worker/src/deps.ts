/**
 * The providers a worker process needs, built in one place from the configuration (as server/src/deps.ts does
 * for the server), so main.ts only wires loops and jobs to them and a test or bench can build the same set.
 */
import type { Config } from '@pippitch/core/config';
import type { EcbRatesProvider, Feed, HistoryProvider } from '@pippitch/core/market';
import { createEcbRatesProvider, createFeedFromConfig, createHistoryProvider } from '@pippitch/core/market';
import type { CrmProvider } from '@pippitch/core/providers/crm';
import { createCrmProvider } from '@pippitch/core/providers/crm';
import { createEmailProvider, type EmailProvider } from '@pippitch/core/providers/email';
import type { PaymentProvider } from '@pippitch/core/providers/payments';
import { createPaymentProvider } from '@pippitch/core/providers/payments';
import type { Database } from '@pippitch/sql';

export interface WorkerDeps {
  /** SMTP when configured; else each message is kept and printed (its text, with links, outside production only). */
  email: EmailProvider;
  /** Real minute history (Dukascopy by default; HISTORY_PROVIDER=bundled stays offline). */
  history: HistoryProvider;
  /** The live feed the poller reads: TraderMade-compatible when configured, else the simulated feed. */
  feed: Feed;
  /** Stripe when configured, else the test-mode checkout; null in production without Stripe keys. */
  payments: PaymentProvider | null;
  /** Salesforce when a connected app is configured; null: exports go to the export log only. */
  crm: CrmProvider | null;
  /** The ECB's daily files; null when the history provider is the offline bundled set. */
  ecb: EcbRatesProvider | null;
  /** The clock the jobs read. */
  now(): Date;
}

export function buildWorkerDeps(config: Config, db: Database, log: (line: string) => void): WorkerDeps {
  const now = () => new Date();
  return {
    email: createEmailProvider(config, log),
    history: createHistoryProvider(config),
    feed: createFeedFromConfig({ feedUrl: config.fxFeedUrl, apiKey: config.fxFeedApiKey }),
    payments: createPaymentProvider(config, db, now),
    crm: createCrmProvider(config),
    ecb: config.history.provider === 'bundled' ? null : createEcbRatesProvider(config),
    now,
  };
}
