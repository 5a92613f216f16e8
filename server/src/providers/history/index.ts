/**
 * The history provider from the configuration: Dukascopy by default (free, no key), the bundled data set when
 * told to stay offline (HISTORY_PROVIDER=bundled; tests' default). Offline by circumstance (no network) is not a
 * setting: the provider's requests fail, the backfill says so and the bundled set stays in place.
 */
import type { Config } from '../../config';
import { createDukascopyProvider } from './dukascopy/client';
import { bundledHistory, type HistoryProvider } from './types';

export function createHistoryProvider(config: Pick<Config, 'history'>): HistoryProvider {
  if (config.history.provider === 'dukascopy') return createDukascopyProvider({ baseUrl: config.history.dukascopyUrl });
  return bundledHistory;
}

export { bundledHistory, type HistoryBar, type HistoryProvider } from './types';
