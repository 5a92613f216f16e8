import { describe, expect, it } from 'vitest';
import { lastActiveText } from '../src/last-active';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('lastActiveText', () => {
  it.each<[string, Date | null, string]>([
    ['never', null, 'Never'],
    ['this instant', ago(0), 'Just now'],
    ['a minute in the future (clock skew)', ago(-MIN), 'Just now'],
    ['59 minutes', ago(59 * MIN + 59_000), 'Just now'],
    ['exactly 1 hour', ago(HOUR), '1 hour ago'],
    ['1 h 59 min', ago(2 * HOUR - MIN), '1 hour ago'],
    ['2 hours', ago(2 * HOUR), '2 hours ago'],
    ['23 h 59 min', ago(24 * HOUR - MIN), '23 hours ago'],
    ['exactly 24 hours', ago(24 * HOUR), '1 day ago'],
    ['47 hours', ago(47 * HOUR), '1 day ago'],
    ['48 hours', ago(48 * HOUR), '2 days ago'],
    ['167 hours', ago(167 * HOUR), '6 days ago'],
    ['exactly 168 hours', ago(168 * HOUR), '17 Nov 2026'],
    ['a summer date, read in London (BST)', new Date('2026-06-01T23:30:00Z'), '2 Jun 2026'],
    ['a winter date (GMT)', new Date('2026-01-10T23:30:00Z'), '10 Jan 2026'],
  ])('%s → %s', (_label, lastAt, text) => {
    expect(lastActiveText(lastAt, NOW)).toBe(text);
  });
});
