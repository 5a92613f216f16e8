import { calendarRange, dayRange, hasDataOn, marketDataStatus, rateAt, seriesFor } from '@pippitch/core/market/read';
import { pairSchema as pair } from '@pippitch/shared/desk-pairs';
import { isoDate, text } from '@pippitch/shared/input';
import { DEFAULT_INTERVAL, INTERVALS, TIMEFRAME_KEYS } from '@pippitch/shared/pairs';
import { LIVE_SOURCE_LABELS } from '@pippitch/shared/sources';
import { z } from 'zod';
import { adminProcedure, deskPairProcedure, router } from '../trpc/procedures';

export const marketRouter = router({
  // Live quotes are not a procedure: they have a WebSocket route of their own (api/http/live-quotes.ts).

  /** A chart series: a timeframe ending at the newest data, or London dates (clamped, swapped). */
  series: deskPairProcedure
    .input(
      z.union([
        z.object({ pair, timeframe: z.enum(TIMEFRAME_KEYS), interval: z.enum(INTERVALS).optional() }),
        z.object({ pair, interval: z.enum(INTERVALS).default(DEFAULT_INTERVAL), startDate: isoDate, endDate: isoDate }),
      ]),
    )
    .query(({ ctx, input }) => seriesFor(ctx.db, ctx.deps.seriesCache, input, ctx.deps.now())),

  /** The admin dashboard's data-status card: real spans and backfill per pair, the feed, the ECB's last fix. */
  dataStatus: adminProcedure.query(({ ctx }) => marketDataStatus(ctx.db, ctx.deps.now())),

  rateAt: deskPairProcedure
    .input(z.object({ pair, date: isoDate, time: text('Time', 20) }))
    .query(({ ctx, input }) => rateAt(ctx.db, input, ctx.deps.now())),

  hasData: deskPairProcedure
    .input(z.object({ pair, date: isoDate }))
    .query(async ({ ctx, input }) => ({ hasData: await hasDataOn(ctx.db, input.pair, input.date) })),

  /**
   * The range-of-day check's facts: a London day's low–high for the pair and the mid at a minute (the minute the
   * broker picked, or now on today's date: the server's latest quote). The browser places the rate it holds.
   */
  dayRange: deskPairProcedure
    .input(z.object({ pair, date: isoDate, time: text('Time', 20).optional() }))
    .query(({ ctx, input }) => {
      const quote = ctx.deps.quotes.latestFor(input.pair);
      const live = quote ? { rate: quote.mid, at: quote.timestamp, source: LIVE_SOURCE_LABELS[quote.source] } : null;
      return dayRange(ctx.db, input, ctx.deps.now(), live);
    }),

  calendarRange: deskPairProcedure
    .input(z.object({ pair }))
    .query(({ ctx, input }) => calendarRange(ctx.db, input.pair, ctx.deps.now())),
});
