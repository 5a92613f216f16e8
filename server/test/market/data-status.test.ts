import { backfillText, DATA_STATUS_MESSAGES, lastTickText, realSpanText } from '@pippitch/shared/data-status';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecbRatesJob } from '../../../core/src/jobs/market';
import { sendJob } from '../../../core/src/jobs/send';
import {
  addMember,
  errorOf,
  signedIn,
  signUp,
  signupInput,
  startTestApp,
  type TestApp,
  type TestClient,
} from '../helpers';

// Issue 21 §3: the admin dashboard's data-status card.
let h: TestApp;
let admin: TestClient;
let broker: TestClient;
const NOW = new Date('2026-11-25T15:30:00Z');

beforeAll(async () => {
  h = await startTestApp();
  h.clock.now = NOW;
  admin = h.client();
  await signUp(h.t.db, admin, signupInput());
  await addMember(h, 'Acme FX', 'bob@acmefx.co.uk', 'junior');
  broker = await signedIn(h, 'bob@acmefx.co.uk');
  await sql`
    INSERT INTO fx_history_backfill (pair, provider, started_from, through_ts, first_real, last_real, last_error)
    VALUES ('GBPUSD', 'dukascopy', '2024-09-30T00:00Z', '2026-11-25T15:00Z', '2024-09-30T00:00Z', '2026-11-25T14:59Z', NULL),
           ('EURGBP', 'dukascopy', '2024-09-30T00:00Z', '2025-11-27T00:00Z', '2024-09-30T00:00Z', '2025-11-26T23:59Z',
            'Dukascopy unreachable: ENOTFOUND')`.execute(h.t.db);
  await sql`INSERT INTO fx_quotes (pair, ts, bid, ask, mid, source)
            VALUES ('GBPUSD', '2026-11-25T15:29:30Z', 1.31, 1.3102, 1.3101, 'feed')`.execute(h.t.db);
  // The poller's third failure at 15:29, backing off 4 minutes: its next try is 15:33 (GMT, so London 15:33).
  await sql`INSERT INTO fx_feed_status (feed, poller, last_attempt_at, last_error, last_error_at, consecutive_failures,
                                        fallback_in_use, next_try_at)
            VALUES ('tradermade', 'w1', now(), 'HTTP error! status: 500', now(), 3, true, '2026-11-25T15:33:00Z')`.execute(
    h.t.db,
  );
  await sql`INSERT INTO ecb_reference_rates VALUES ('GBP', '2026-11-24', 0.88), ('USD', '2026-11-24', 1.15)`.execute(
    h.t.db,
  );
  await sql`INSERT INTO market_fetch_status (name, description, last_attempt_at, last_success_at)
            VALUES ('ecb', 'ECB reference rates', now(), now())`.execute(h.t.db);
});
afterAll(() => h.close());

describe('the data-status card', () => {
  it('shows per pair the real span and the backfill, the last tick, the failing feed and the ECB’s last fix', async () => {
    const s = await admin.api.market.dataStatus.query();
    const gbpusd = s.pairs.find((p) => p.pair === 'GBPUSD')!;
    expect(gbpusd).toMatchObject({ provider: 'dukascopy', progressPct: 100, lastTick: '2026-11-25T15:29:30.000Z' });
    expect(realSpanText(gbpusd)).toMatch(/^Real \(Dukascopy\) 30 Sep 2024 – 25 Nov 2026,? 14:59 London$/);
    expect(backfillText(gbpusd)).toBe('Backfill complete; topped up hourly');
    expect(lastTickText(gbpusd)).toMatch(/^Last feed tick 25 Nov 2026,? 15:29 London$/);
    const eurgbp = s.pairs.find((p) => p.pair === 'EURGBP')!;
    expect(eurgbp.progressPct).toBeGreaterThan(40);
    expect(eurgbp.progressPct).toBeLessThan(60);
    expect(eurgbp.lastError).toBe('Dukascopy unreachable: ENOTFOUND');
    const nok = s.pairs.find((p) => p.pair === 'GBPNOK')!;
    expect(realSpanText(nok)).toBe('Simulated (ECB-anchored) only so far');
    expect(backfillText(nok)).toBe('Backfill not started');
    expect(s.feed).toMatchObject({
      name: 'tradermade',
      failing: true,
      lastError: 'HTTP error! status: 500',
      nextTryAt: '2026-11-25T15:33:00.000Z',
    });
    // The card's words (issue 31 §4): the failure in words, what is used meanwhile, the next try in London time.
    expect(DATA_STATUS_MESSAGES.feedFailing(s.feed!.name, s.feed!.lastError, s.feed!.nextTryAt)).toBe(
      'The TraderMade feed is failing. The provider is having trouble at its end: fallback rates are shown until it recovers; next try at 15:33.',
    );
    expect(s.ecb).toMatchObject({ lastDate: '2026-11-24', lastError: null });
  });

  it('promises no next try once its time has passed (no poller is on it: a stopped worker)', async () => {
    h.clock.now = new Date('2026-11-25T15:40:00Z');
    try {
      const s = await admin.api.market.dataStatus.query();
      expect(s.feed).toMatchObject({ failing: true, nextTryAt: null });
      expect(DATA_STATUS_MESSAGES.feedFailing(s.feed!.name, s.feed!.lastError, s.feed!.nextTryAt)).not.toContain(
        'next try',
      );
    } finally {
      h.clock.now = NOW;
    }
  });

  it("says when the ECB's failed fetch is tried again: its queued retry's time, in London time", async () => {
    await sql`UPDATE market_fetch_status SET last_error = 'getaddrinfo ENOTFOUND www.ecb.europa.eu',
                last_error_at = now() + interval '1 second' WHERE name = 'ecb'`.execute(h.t.db);
    try {
      // Nothing queued: no next try is promised.
      expect((await admin.api.market.dataStatus.query()).ecb).toMatchObject({ nextTryAt: null });
      await sendJob(h.t.db, ecbRatesJob, {}, { startAfter: new Date('2026-11-25T15:35:00Z') });
      const { ecb } = await admin.api.market.dataStatus.query();
      expect(ecb.nextTryAt).toBe('2026-11-25T15:35:00.000Z');
      expect(DATA_STATUS_MESSAGES.ecbError(ecb.lastError!, ecb.nextTryAt)).toBe(
        'Last ECB fetch failed. No network: the bundled ECB rates are in use; next try at 15:35.',
      );
    } finally {
      await sql`UPDATE market_fetch_status SET last_error = NULL, last_error_at = NULL WHERE name = 'ecb'`.execute(
        h.t.db,
      );
    }
  });

  it('is for admins', async () => {
    expect((await errorOf(broker.api.market.dataStatus.query())).code).toBe('FORBIDDEN');
  });
});
