/**
 * The worker process: delivers queued e-mails, tidies expired sessions and counters, and (market data)
 * ingests FX quotes. It must outlive database restarts: every loop catches, logs and tries again.
 */

import { loadConfig } from '@pippitch/server/config';
import { pruneRateLimits } from '@pippitch/server/services/auth/rate-limit';
import { pruneExpiredSessions } from '@pippitch/server/services/auth/sessions';
import { createTransport, deliverDueEmails, deliveryOptions } from '@pippitch/server/services/email/deliver';
import { createDb, createPool, listen, migrate } from '@pippitch/sql';
import { every } from './loop';
import { createFeedFromConfig, ensureMarketData, startMarketData } from './market/index';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required (the launcher sets it)');
const log = (line: string) => console.log(`[worker] ${line}`);
await migrate(config.databaseUrl);
const pool = createPool(config.databaseUrl, { max: 5, applicationName: 'pippitch-worker' });
const db = createDb(pool);

const transport = createTransport(config.smtpUrl);
const delivery = deliveryOptions(config.env); // e-mail texts (with their links) are printed outside production only
const deliver = every(
  5_000,
  () => deliverDueEmails(db, transport, config.mailFrom, log, delivery),
  log,
  'e-mail delivery',
);
const listener = listen(config.databaseUrl, ['email_outbox'], () => deliver.now(), {
  log,
  onConnect: () => deliver.now(),
});
const housekeeping = every(
  3_600_000,
  async () => {
    await pruneExpiredSessions(db);
    await pruneRateLimits(db);
  },
  log,
  'housekeeping',
);

log(`started (e-mail: ${transport ? 'SMTP' : 'outbox only, printed here'})`);

// Market data: first the bundled data set up to now (the first start loads ~4.8 M minute bars with
// progress; later starts only add the missing minutes), then live polling. Only one worker polls at a time.
await ensureMarketData(pool, { log });
const market = startMarketData({
  url: config.databaseUrl,
  feed: createFeedFromConfig({ feedUrl: config.fxFeedUrl, apiKey: config.fxFeedApiKey }),
  pollMs: config.marketPollMs,
  log,
});

async function shutdown(): Promise<void> {
  await market.stop();
  deliver.stop();
  housekeeping.stop();
  await listener.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
