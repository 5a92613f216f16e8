import { describe, expect, it } from 'vitest';
import {
  CALENDAR_MIN,
  DEFAULT_PAIR,
  FALLBACK_RATES,
  fallbackRate,
  HISTORY_START,
  INTERVAL_MINUTES,
  INTERVAL_PRECISION_LABELS,
  INTERVALS,
  isCurrencyPair,
  MARGIN_OPTIONS,
  marginLabel,
  PIP_SIZE,
  pairLabel,
  STORED_PAIRS,
  SUPPORTED_PAIRS,
  storageFor,
  TIMEFRAMES,
} from '../src/pairs';

describe('pairs', () => {
  it('lists the supported pairs with GBPUSD as default', () => {
    expect(SUPPORTED_PAIRS).toEqual(['GBPUSD', 'GBPEUR', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD']);
    expect(STORED_PAIRS).toEqual(['GBPUSD', 'EURGBP', 'EURUSD', 'GBPNOK', 'GBPSEK', 'GBPAUD']);
    expect(DEFAULT_PAIR).toBe('GBPUSD');
    expect(PIP_SIZE).toBe('0.0001');
    expect(HISTORY_START).toBe('2024-09-30');
    expect(CALENDAR_MIN).toBe('2024-10-01');
  });

  it.each([
    ['GBPUSD', 'GBP/USD'],
    ['GBPEUR', 'GBP/EUR'],
    ['GBPAUD', 'GBP/AUD'],
  ] as const)('labels %s as %s', (pair, label) => {
    expect(pairLabel(pair)).toBe(label);
  });

  it.each([
    ['GBPUSD', true],
    ['EURGBP', false],
    ['gbpusd', false],
    ['', false],
  ])('isCurrencyPair(%j) is %s', (value, expected) => {
    expect(isCurrencyPair(value)).toBe(expected);
  });

  it.each([
    ['GBPEUR', { stored: 'EURGBP', invert: true }],
    ['GBPUSD', { stored: 'GBPUSD', invert: false }],
    ['EURUSD', { stored: 'EURUSD', invert: false }],
    ['GBPNOK', { stored: 'GBPNOK', invert: false }],
    ['GBPSEK', { stored: 'GBPSEK', invert: false }],
    ['GBPAUD', { stored: 'GBPAUD', invert: false }],
  ] as const)('stores %s as %j', (pair, expected) => {
    expect(storageFor(pair)).toEqual(expected);
    expect(STORED_PAIRS).toContain(expected.stored);
  });

  it.each([
    ['GBPEUR', '1.1854'],
    ['GBPUSD', '1.2735'],
    ['EURUSD', '1.0742'],
    ['GBPNOK', '13.5621'],
    ['GBPSEK', '13.8945'],
    ['GBPAUD', '1.9234'],
    ['gbpusd', '1.2735'],
    ['USDJPY', '1.0000'],
    ['', '1.0000'],
  ])('falls back to %s = %s', (pair, rate) => {
    expect(fallbackRate(pair)).toBe(rate);
  });

  it('has a fallback rate for every supported pair', () => {
    expect(Object.keys(FALLBACK_RATES).sort()).toEqual([...SUPPORTED_PAIRS].sort());
  });

  it('labels margin options', () => {
    expect(MARGIN_OPTIONS).toEqual([0, 10, 20, 30, 40, 50]);
    expect(MARGIN_OPTIONS.map(marginLabel)).toEqual(['None', '10', '20', '30', '40', '50']);
  });

  it('describes timeframes and intervals', () => {
    expect(TIMEFRAMES).toEqual({
      '1D': { days: 1, targetPoints: 1440, interval: 'minute' },
      '5D': { days: 5, targetPoints: 480, interval: '15min' },
      '1M': { days: 30, targetPoints: 1440, interval: '30min' },
      '3M': { days: 90, targetPoints: 2160, interval: 'hourly' },
    });
    expect(INTERVALS).toEqual(['minute', '15min', '30min', 'hourly', 'daily']);
    expect(INTERVALS.map((i) => INTERVAL_MINUTES[i])).toEqual([1, 15, 30, 60, 1440]);
    expect(INTERVALS.map((i) => INTERVAL_PRECISION_LABELS[i])).toEqual([
      'minute',
      '15-minute',
      '30-minute',
      'hourly',
      'daily',
    ]);
  });
});
