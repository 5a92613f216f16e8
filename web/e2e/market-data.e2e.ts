/**
 * Issue 21 §3 in real Chromium: the admin dashboard's Market data card (per pair the real span and the backfill,
 * the last feed tick, a failing feed, the ECB's last fix), and the rate-at-time answer naming its minute's source
 * and saying when it is simulated. Screenshots at 1440 and 375 px; axe finds nothing serious.
 */

import { join } from 'node:path';
import { londonClockTime } from '@pippitch/shared/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type Harness, MOBILE, SCREENSHOT_DIR, startHarness } from './harness';
import { failOnPageErrors, member, poll, screenshotBoth, seriousViolations, signIn, text } from './journeys';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await sql`
    INSERT INTO fx_history_backfill (pair, provider, started_from, through_ts, first_real, last_real, last_error)
    VALUES ('GBPUSD', 'dukascopy', '2024-09-30T00:00Z', now() - interval '30 minutes', '2024-09-30T00:00Z',
            now() - interval '31 minutes', NULL),
           ('EURGBP', 'dukascopy', '2024-09-30T00:00Z', '2025-09-29T00:00Z', '2024-09-30T00:00Z', '2025-09-28T23:59Z',
            'Dukascopy unreachable: ENOTFOUND')
    ON CONFLICT (pair) DO NOTHING`.execute(h.t.db);
  // Failing, backing off: its next try a few minutes ahead (issue 31 §4).
  await sql`INSERT INTO fx_feed_status (feed, poller, last_attempt_at, last_error, last_error_at, consecutive_failures,
                                        fallback_in_use, next_try_at)
            VALUES ('tradermade', 'w1', now(), 'HTTP error! status: 500', now(), 3, true, now() + interval '10 minutes')
            ON CONFLICT (feed) DO UPDATE SET fallback_in_use = true, last_error = excluded.last_error,
              next_try_at = excluded.next_try_at`.execute(h.t.db);
  await sql`INSERT INTO ecb_reference_rates VALUES ('GBP', '2026-11-24', 0.88) ON CONFLICT DO NOTHING`.execute(h.t.db);
});
afterAll(async () => {
  await h?.close();
});
failOnPageErrors(() => h);

describe('where the minutes come from', () => {
  it('the admin dashboard’s Market data card', async () => {
    const admin = await h.newPage();
    await signIn(admin, member('Adam Admin').email, 'Admin');
    const card = admin.getByTestId('data-status');
    await card.getByRole('heading', { name: 'Market data' }).waitFor();
    await poll(() => text(card)).toContain('GBP/USD');
    const all = await text(card);
    expect(all).toMatch(/Real \(Dukascopy\) 30 Sep 2024 – /);
    expect(all).toContain('Backfill complete; topped up hourly');
    // Provider errors in words (issue 31 §4), never the raw 'ENOTFOUND'.
    expect(all).toContain('No network: the bundled data is in use.');
    expect(all).not.toContain('ENOTFOUND');
    expect(all).toContain('Simulated (ECB-anchored) only so far');
    const { next_try_at } = await h.t.db.selectFrom('fx_feed_status').select('next_try_at').executeTakeFirstOrThrow();
    expect(all).toContain(
      `The TraderMade feed is failing. The provider is having trouble at its end: fallback rates are shown until it recovers; next try at ${londonClockTime(new Date(next_try_at!))}.`,
    );
    expect(all).toMatch(/ECB reference rates to \d+ \w+ 20\d\d/);
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshotBoth(h, admin, 'market-data-card');
    // The card alone at both widths, to read it.
    for (const viewport of [DESKTOP, MOBILE]) {
      await admin.setViewportSize(viewport);
      await card.screenshot({ path: join(SCREENSHOT_DIR, `market-data-card-only-${viewport.width}.png`) });
    }
  });
});
