import { HISTORY_START } from '@pippitch/shared/pairs';
import { loadEcbFixes } from './ecb';
import { PathModel } from './model';

/** Seed of the bundled data set. Changing it changes every simulated minute, so it is fixed here, not configured. */
export const DEFAULT_MARKET_SEED = 'pippitch-ecb-1';

export const HISTORY_START_MS = Date.parse(`${HISTORY_START}T00:00:00Z`);

const models = new Map<string, PathModel>();

/** The price model for `seed`, built once per process (the ECB file is parsed on first use). */
export function pathModel(seed: string | number = DEFAULT_MARKET_SEED): PathModel {
  const key = String(seed);
  let model = models.get(key);
  if (!model) {
    model = new PathModel(loadEcbFixes(HISTORY_START), seed, HISTORY_START_MS);
    models.set(key, model);
  }
  return model;
}
