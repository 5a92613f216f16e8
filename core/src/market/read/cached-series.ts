import type { Database } from '@pippitch/sql';
import { fetchSeries, type Series, type SeriesRequest } from './history';
import type { SeriesCache } from './series-cache';

/**
 * A chart series through the shared cache: timeframes end at the newest bar, so every broker asking for the same
 * one gets the same answer until the pair's next quote. Date ranges are always read fresh.
 */
export async function seriesFor(
  db: Database,
  cache: SeriesCache | null,
  req: SeriesRequest,
  now: Date,
): Promise<Series> {
  if (!cache || !('timeframe' in req)) return fetchSeries(db, req, now);
  const key = `${req.timeframe}|${req.interval ?? ''}`;
  const hit = cache.get(req.pair, key);
  if (hit) return hit;
  const generation = cache.generation(req.pair);
  const series = await fetchSeries(db, req, now);
  cache.set(req.pair, key, series, generation);
  return series;
}
