import type { Interval } from '@pippitch/shared/pairs';
import { INTERVAL_PRECISION_LABELS } from '@pippitch/shared/pairs';
import type { PriceSource } from '../../../../server/src/services/market/sources';

/**
 * The data source, named honestly (design §3): 'Real Market Data' only for a real feed or an import. The
 * bundled data set is ECB daily reference rates with simulated moves between them.
 */
export const SOURCE_LABELS: Readonly<Record<PriceSource, string | undefined>> = {
  real: 'Real Market Data',
  ecb_sim: 'ECB reference rates · simulated intraday',
  simulated: 'Simulated feed',
  mixed: 'Mixed sources',
  none: undefined,
};

export const precisionLabel = (interval: Interval) => `${INTERVAL_PRECISION_LABELS[interval]} precision`;
