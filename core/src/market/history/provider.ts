/**
 * The history provider from the configuration: the vendor's own timeseries when a TraderMade feed is configured,
 * else Dukascopy (free, no key), or the bundled data set when told to stay offline (HISTORY_PROVIDER=bundled;
 * tests' default). Offline by circumstance (no network) is not a
 * setting: the provider's requests fail, the backfill says so and the bundled set stays in place.
 */
import type { Config } from '../../config';
import { createDukascopyProvider } from '../vendors/dukascopy/client';
import { createTraderMadeHistory } from '../vendors/tradermade/history-client';
import { bundledHistory, type HistoryProvider } from './types';

export function createHistoryProvider(config: Pick<Config, 'history' | 'fxFeedUrl' | 'fxFeedApiKey'>): HistoryProvider {
  if (config.history.provider === 'dukascopy') return createDukascopyProvider({ baseUrl: config.history.dukascopyUrl });
  if (config.history.provider === 'tradermade' && config.fxFeedUrl && config.fxFeedApiKey) {
    return createTraderMadeHistory({ baseUrl: config.fxFeedUrl, apiKey: config.fxFeedApiKey });
  }
  return bundledHistory;
}

export { bundledHistory, DAY_MS, type HistoryBar, type HistoryProvider, HOUR_MS } from './types';
