import { isoDate, text } from '@pippitch/shared/input';
import { DEFAULT_INTERVAL, INTERVALS, SUPPORTED_PAIRS, TIMEFRAME_KEYS } from '@pippitch/shared/pairs';
import { z } from 'zod';
import { unauthorized, unavailable } from '../../errors';
import { calendarRange, fetchSeries, hasDataOn, rateAt } from '../../services/market/history';
import { memberProcedure, router } from '../trpc/procedures';

const pair = z.enum(SUPPORTED_PAIRS, { error: 'Unsupported currency pair' });

export const ratesRouter = router({
  /** Live quotes for every pair: the latest at once, then each new one (WebSocket), while the session lasts. */
  live: memberProcedure.subscription(async function* ({ ctx, signal }) {
    const hub = ctx.services.quotes;
    if (!hub) throw unavailable('Live rates are not available right now');
    const sessionEnded = new AbortController();
    const unwatch = ctx.services.sessions?.watch(ctx.viewer.sessionId, () => sessionEnded.abort());
    try {
      yield* hub.stream(signal ? AbortSignal.any([signal, sessionEnded.signal]) : sessionEnded.signal);
      if (sessionEnded.signal.aborted) throw unauthorized();
    } finally {
      unwatch?.();
    }
  }),

  /** A chart series: a timeframe ending at the newest data, or London dates (clamped, swapped). */
  series: memberProcedure
    .input(
      z.union([
        z.object({ pair, timeframe: z.enum(TIMEFRAME_KEYS), interval: z.enum(INTERVALS).optional() }),
        z.object({ pair, interval: z.enum(INTERVALS).default(DEFAULT_INTERVAL), startDate: isoDate, endDate: isoDate }),
      ]),
    )
    .query(async ({ ctx, input }) => {
      // Chart timeframes end at the newest bar, so they are shared by every broker until the next quote.
      const cache = 'timeframe' in input ? ctx.services.seriesCache : undefined;
      const key = 'timeframe' in input ? `${input.timeframe}|${input.interval ?? ''}` : '';
      const hit = cache?.get(input.pair, key);
      if (hit) return hit;
      const generation = cache?.generation(input.pair);
      const series = await fetchSeries(ctx.db, input, ctx.services.now());
      if (cache && generation !== undefined) cache.set(input.pair, key, series, generation);
      return series;
    }),

  rateAt: memberProcedure
    .input(z.object({ pair, date: isoDate, time: text('Time', 20) }))
    .query(({ ctx, input }) => rateAt(ctx.db, input, ctx.services.now())),

  hasData: memberProcedure
    .input(z.object({ pair, date: isoDate }))
    .query(async ({ ctx, input }) => ({ hasData: await hasDataOn(ctx.db, input.pair, input.date) })),

  calendarRange: memberProcedure
    .input(z.object({ pair }))
    .query(({ ctx, input }) => calendarRange(ctx.db, input.pair, ctx.services.now())),
});
