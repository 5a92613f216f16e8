import { formatLondonDate } from './time';

const HOUR_MS = 3_600_000;

/**
 * A member's "last active" on the dashboard (spec §9): under 1 hour 'Just now', under 24 hours 'N hour(s) ago',
 * under 168 hours 'N day(s) ago' (whole hours and days, rounded down), else the London date ('3 Nov 2026').
 * Never active: 'Never'. A time a little in the future (clock skew) reads 'Just now'.
 */
export function lastActiveText(lastAt: Date | null, now: Date): string {
  if (!lastAt) return 'Never';
  const hours = (now.getTime() - lastAt.getTime()) / HOUR_MS;
  if (hours < 1) return 'Just now';
  if (hours < 24) {
    const n = Math.floor(hours);
    return `${n} ${n === 1 ? 'hour' : 'hours'} ago`;
  }
  if (hours < 168) {
    const n = Math.floor(hours / 24);
    return `${n} ${n === 1 ? 'day' : 'days'} ago`;
  }
  return formatLondonDate(lastAt);
}
