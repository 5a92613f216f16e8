/**
 * One server process for bench/live.ts: the real app with its own LISTEN connection and quote hub, as in
 * production. Reports its port over IPC and runs until killed.
 */
import { buildApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { QuoteHub } from '../server/src/services/market/live-quotes';
import { createDb, createPool } from '../sql/src/index';

const url = process.argv[2]!;
const db = createDb(createPool(url, { max: 10 }));
const hub = new QuoteHub(db, url);
hub.start();
const app = await buildApp({
  config: testConfig({ databaseUrl: url }),
  db,
  serveWeb: false,
  services: { now: () => new Date(), quotes: hub },
});
await app.listen({ host: '127.0.0.1', port: 0 });
hub.publish([{ pair: 'GBPUSD', bid: 1.3, ask: 1.3, mid: 1.3, timestamp: Date.now() - 60_000, source: 'stored' }]);
process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
