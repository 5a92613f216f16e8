import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueEmail } from '../../core/src/services/email/outbox';
import { freePort } from '../../sql/src/index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import {
  ENTRIES,
  type LogLine,
  productionEnv,
  type Running,
  seedRecentBars,
  start,
  within,
} from '../../test/processes';
import { startLiveServer } from './helpers/tradermade-server';
import { waitFor } from './helpers/wait';

// Log levels that mean something (issue 33): a production worker whose every far end fails — the FX feed and its
// history (a TraderMade-compatible server answering errors), the ECB's files (503), SMTP (nothing listening), the
// database (its connections terminated under it), a job that fails and one that fails for good — writes each
// failure at warn (handled: retried, fallen back) or error (needs a person), never at info; progress stays at info.
// What the test reads is the process's own JSON lines, as a log collector would.
let t: TestDatabase;
let ecb: Server;
let live: Awaited<ReturnType<typeof startLiveServer>>;
let worker: Running | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedRecentBars(t.url);
  live = await startLiveServer();
  live.mode = { kind: 'status', status: 500 };
  ecb = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('Service Unavailable');
  });
  await new Promise<void>((ok) => ecb.listen(0, '127.0.0.1', ok));
});
afterAll(async () => {
  worker?.kill();
  await live?.close();
  ecb?.close();
  await t.drop();
});

function first(lines: LogLine[], pattern: RegExp): LogLine | undefined {
  return lines.find((l) => pattern.test(l.msg));
}

it('every kind of failure is a warning or an error; progress is info', async () => {
  worker = start(
    ENTRIES.worker,
    productionEnv(t.url, {
      EMAIL_DISABLED: '',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      FX_FEED_URL: live.baseUrl,
      FX_FEED_API_KEY: live.apiKey,
      HISTORY_PROVIDER: 'tradermade',
      ECB_RATES_URL: `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/`,
      MARKET_POLL_MS: '1000',
    }),
  );
  const w = worker;
  await within('started', w.message('started'), 300_000, w);
  // E-mail: one first attempt (retried later), one on its last attempt (given up).
  const email = { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' };
  await enqueueEmail(t.db, { to: 'first@example.test', template: 'test', email });
  const last = await enqueueEmail(t.db, { to: 'last@example.test', template: 'test', email });
  await sql`UPDATE email_outbox SET attempts = 7 WHERE id = ${last}`.execute(t.db);
  // A job whose payload will never parse: failed for good at once.
  await sql`INSERT INTO pgboss_v12.job (name, data) VALUES ('crm-export', '{"exportId": "not-a-uuid"}')`.execute(t.db);

  const lines = () => w.lines();
  const appears = (what: string, pattern: RegExp) =>
    within(
      what,
      waitFor(what, () => first(lines(), pattern), 240_000),
      250_000,
      w,
    );
  await appears('the feed failing', /^market data: tradermade feed failed .*fallback rates published/);
  await appears('the history provider failing', /^market history: .* failed for .*; will retry$/);
  await appears('an e-mail failing', /^e-mail to first@example\.test failed \(attempt 1 of 8\)/);
  await appears('an e-mail given up', /^e-mail to last@example\.test failed \(attempt 8 of 8, given up\)/);
  await appears('an invalid job', /^job crm-export .* failed for good, without retry: invalid payload/);
  await appears('the ECB job failing', /^job ecb-reference-rates .* failed \(attempt 1 of 4; it will be retried\)/);
  // Its last attempt now (pg-boss counts the attempt as it fetches the job), once pg-boss has recorded the failure.
  await waitFor(
    'the ECB job waiting for its retry',
    async () =>
      (
        await sql`UPDATE pgboss_v12.job SET retry_count = retry_limit - 1, start_after = now()
          WHERE name = 'ecb-reference-rates' AND state = 'retry' RETURNING id`.execute(t.db)
      ).rows.length,
  );
  await appears('the ECB job failing for good', /^job ecb-reference-rates .* failed for good \(attempt 4 of 4\)/);
  // The database goes away under it: every connection of the worker's terminated.
  await waitFor('the poller to hold the lease', () => first(lines(), /^market data: polling the tradermade feed/));
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'pippitch-%'`.execute(
    t.db,
  );
  await appears('the listener losing its connection', /^listener connection lost/);
  await appears('the poller losing the database', /^market data: database unavailable/);
  w.child.kill('SIGTERM');
  expect(await within('exit', w.exited, 120_000, w)).toEqual({ code: 0, signal: null });

  const all = lines();
  const levelOf = (pattern: RegExp) => first(all, pattern)?.level;
  // Handled failures: warnings.
  for (const pattern of [
    /^market data: tradermade feed failed/,
    /^market history: .* failed for /,
    /^e-mail to first@example\.test failed/,
    /^job ecb-reference-rates .* failed \(attempt 1 of 4/,
    /^listener connection lost/,
    /^market data: database unavailable/,
  ]) {
    expect(levelOf(pattern), String(pattern)).toBe(40);
  }
  // Failures for good: errors.
  for (const pattern of [
    /^e-mail to last@example\.test failed \(attempt 8 of 8, given up\)/,
    /^job crm-export .* failed for good, without retry/,
    /^job ecb-reference-rates .* failed for good/,
  ]) {
    expect(levelOf(pattern), String(pattern)).toBe(50);
  }
  // Progress: info. And no failure said at info.
  expect(levelOf(/^migrations: \d+ applied/)).toBe(30);
  expect(levelOf(/^started \(e-mail/)).toBe(30);
  expect(levelOf(/^stopped$/)).toBe(30);
  const failuresAtInfo = all.filter(
    (l) => l.level < 40 && /fail|unavailable|lost|cannot|refused|did not answer|error/i.test(l.msg),
  );
  expect(failuresAtInfo).toEqual([]);
}, 900_000);
