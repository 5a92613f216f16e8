/** Re-pricing alerts (issue 14 §4): every morning at 06:00 London, before brokers start calling. */
import { defineSweep } from './define';

// One run at a time; a second (another worker, a retry) finds the day's digests already claimed.
export const repriceLeadsJob = defineSweep({
  name: 'reprice-leads',
  cron: '0 6 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 30 * 60,
  // Prices every lead of every company: long enough to take a share, not the maintenance connections.
  lane: 'standard',
});
