import { describe, expect, it } from 'vitest';
import { calculateSavings } from '../src/calculator';
import { CURRENCIES, CURRENCY_CODES, minorUnits } from '../src/currencies';
import { pitchMargin } from '../src/margin';
import { formatBought, formatMoney, formatSold } from '../src/money';
import {
  CATALOGUE_CODES,
  isCataloguePair,
  PAIR_CATALOGUE,
  pairInfo,
  searchPairs,
  storedPairsFor,
} from '../src/pair-catalogue';
import { pairLabel, pipSize, SUPPORTED_PAIRS, storageFor } from '../src/pairs';

// Written by hand from ISO 4217 (the minor-unit column of the current list), not from the module.
const ISO_4217_MINOR_UNITS: Record<string, number> = {
  GBP: 2,
  EUR: 2,
  USD: 2,
  JPY: 0,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  NOK: 2,
  SEK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  ISK: 0,
  TRY: 2,
  ZAR: 2,
  MXN: 2,
  BRL: 2,
  CNY: 2,
  HKD: 2,
  SGD: 2,
  INR: 2,
  KRW: 0,
  IDR: 2,
  MYR: 2,
  PHP: 2,
  THB: 2,
  ILS: 2,
};

// Written by hand from market convention: how the interbank market quotes each pair, its pip and the decimals a
// rate is shown with, and which way round it is quoted.
const MARKET_CONVENTION: [pair: string, label: string, pip: string, decimals: number, quotedAs: string][] = [
  ['GBPUSD', 'GBP/USD', '0.0001', 4, 'GBPUSD'],
  ['GBPEUR', 'GBP/EUR', '0.0001', 4, 'EURGBP'],
  ['EURUSD', 'EUR/USD', '0.0001', 4, 'EURUSD'],
  ['GBPNOK', 'GBP/NOK', '0.0001', 4, 'GBPNOK'],
  ['GBPSEK', 'GBP/SEK', '0.0001', 4, 'GBPSEK'],
  ['GBPAUD', 'GBP/AUD', '0.0001', 4, 'GBPAUD'],
  ['GBPJPY', 'GBP/JPY', '0.01', 2, 'GBPJPY'],
  ['USDJPY', 'USD/JPY', '0.01', 2, 'USDJPY'],
  ['EURJPY', 'EUR/JPY', '0.01', 2, 'EURJPY'],
  ['EURHUF', 'EUR/HUF', '0.01', 2, 'EURHUF'],
  ['USDHUF', 'USD/HUF', '0.01', 2, 'USDHUF'],
  ['GBPHUF', 'GBP/HUF', '0.01', 2, 'GBPHUF'],
  ['GBPPLN', 'GBP/PLN', '0.0001', 4, 'GBPPLN'],
  ['EURPLN', 'EUR/PLN', '0.0001', 4, 'EURPLN'],
  ['USDCHF', 'USD/CHF', '0.0001', 4, 'USDCHF'],
  ['USDCAD', 'USD/CAD', '0.0001', 4, 'USDCAD'],
  ['USDAUD', 'USD/AUD', '0.0001', 4, 'AUDUSD'],
  ['USDNZD', 'USD/NZD', '0.0001', 4, 'NZDUSD'],
  ['GBPCNY', 'GBP/CNY', '0.0001', 4, 'GBPCNY'],
  ['USDZAR', 'USD/ZAR', '0.0001', 4, 'USDZAR'],
  ['USDKRW', 'USD/KRW', '0.01', 2, 'USDKRW'],
  ['USDISK', 'USD/ISK', '0.01', 2, 'USDISK'],
  ['USDIDR', 'USD/IDR', '1', 0, 'USDIDR'],
  ['GBPINR', 'GBP/INR', '0.0001', 4, 'GBPINR'],
];

describe('the currencies', () => {
  it('are the ECB list of 30, GBP, EUR and USD first', () => {
    expect(CURRENCY_CODES).toHaveLength(30);
    expect(CURRENCY_CODES.slice(0, 3)).toEqual(['GBP', 'EUR', 'USD']);
    expect(new Set(CURRENCY_CODES).size).toBe(30);
  });

  it.each(Object.entries(ISO_4217_MINOR_UNITS))('%s has %i minor units (ISO 4217)', (code, units) => {
    expect(minorUnits(code)).toBe(units);
    expect(CURRENCIES.find((c) => c.code === code)?.minorUnits).toBe(units);
  });

  it('covers exactly the table', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(Object.keys(ISO_4217_MINOR_UNITS).sort());
  });
});

describe('the pair catalogue', () => {
  it('holds every currency against GBP, EUR and USD once per market', () => {
    // GBP/x for 29, EUR/x for 28 (GBP/EUR covers EUR/GBP), USD/x for 27 (GBP/USD and EUR/USD cover the others).
    expect(PAIR_CATALOGUE).toHaveLength(29 + 28 + 27);
    expect(new Set(CATALOGUE_CODES).size).toBe(PAIR_CATALOGUE.length);
    const markets = new Set(PAIR_CATALOGUE.map((p) => [p.base, p.quote].sort().join('')));
    expect(markets.size).toBe(PAIR_CATALOGUE.length);
    for (const p of SUPPORTED_PAIRS) expect(isCataloguePair(p)).toBe(true);
    expect(isCataloguePair('EURGBP')).toBe(false);
    expect(isCataloguePair('gbpusd')).toBe(false);
  });

  it.each(MARKET_CONVENTION)('%s: %s, pip %s, %i decimals, quoted as %s', (pair, label, pip, decimals, quotedAs) => {
    if (!isCataloguePair(pair)) throw new Error(`${pair} missing`);
    const info = pairInfo(pair);
    expect(info.label).toBe(label);
    expect(pairLabel(pair)).toBe(label);
    expect(info.pipSize).toBe(pip);
    expect(pipSize(pair)).toBe(pip);
    expect(info.decimals).toBe(decimals);
    expect(info.stored).toBe(quotedAs);
    expect(info.invert).toBe(quotedAs !== pair);
  });

  it('keeps the spec six where they were stored', () => {
    expect(SUPPORTED_PAIRS.map((p) => [p, storageFor(p)])).toEqual([
      ['GBPUSD', { stored: 'GBPUSD', invert: false }],
      ['GBPEUR', { stored: 'EURGBP', invert: true }],
      ['EURUSD', { stored: 'EURUSD', invert: false }],
      ['GBPNOK', { stored: 'GBPNOK', invert: false }],
      ['GBPSEK', { stored: 'GBPSEK', invert: false }],
      ['GBPAUD', { stored: 'GBPAUD', invert: false }],
    ]);
    for (const p of SUPPORTED_PAIRS) expect(pairInfo(p).sourcing).toEqual({ kind: 'direct' });
  });

  it('sources each pair: direct where the provider quotes it, a cross of two legs, or the daily reference', () => {
    expect(pairInfo('USDJPY').sourcing).toEqual({ kind: 'direct' });
    expect(pairInfo('USDAUD').sourcing).toEqual({ kind: 'direct' });
    expect(pairInfo('GBPPLN').sourcing).toEqual({
      kind: 'derived',
      legs: [
        { stored: 'GBPUSD', invert: false },
        { stored: 'USDPLN', invert: false },
      ],
      method: 'GBP/USD × USD/PLN at the same minute',
    });
    // USD/DKK is quoted, so GBP/DKK goes through the dollar, not the euro.
    expect(pairInfo('GBPDKK').sourcing).toMatchObject({ method: 'GBP/USD × USD/DKK at the same minute' });
    expect(pairInfo('EURILS').sourcing).toMatchObject({ method: 'EUR/USD × USD/ILS at the same minute' });
    // A leg quoted the other way round is inverted: USD/AUD from AUD/USD.
    expect(pairInfo('GBPAUD').sourcing.kind).toBe('direct');
    for (const code of ['GBPCNY', 'EURINR', 'USDKRW', 'GBPBRL', 'GBPISK', 'USDIDR'] as const) {
      expect(pairInfo(code).sourcing).toEqual({ kind: 'daily' });
    }
    // Every derived cross's legs are pairs the provider quotes.
    for (const p of PAIR_CATALOGUE) {
      if (p.sourcing.kind !== 'derived') continue;
      for (const leg of p.sourcing.legs) expect(pairInfo(p.code).stored).not.toBe(leg.stored);
    }
  });

  it('lists the stored pairs a set of chosen pairs needs', () => {
    expect(storedPairsFor(SUPPORTED_PAIRS)).toEqual(['EURGBP', 'EURUSD', 'GBPAUD', 'GBPNOK', 'GBPSEK', 'GBPUSD']);
    expect(storedPairsFor(['GBPPLN', 'USDJPY', 'GBPCNY'])).toEqual(['GBPUSD', 'USDJPY', 'USDPLN']);
  });

  it.each([
    ['zloty', ['GBPPLN', 'EURPLN', 'USDPLN']],
    ['gbp/pln', ['GBPPLN']],
    ['GBPPLN', ['GBPPLN']],
    ['hong kong', ['GBPHKD', 'EURHKD', 'USDHKD']],
    ['yen', ['GBPJPY', 'EURJPY', 'USDJPY']],
    ['krona', ['GBPISK', 'GBPSEK', 'EURISK', 'EURSEK', 'USDISK', 'USDSEK']],
  ])('finds %j', (query, codes) => {
    expect(
      searchPairs(query)
        .map((p) => p.code)
        .sort(),
    ).toEqual([...codes].sort());
  });
});

describe('money and pips by the catalogue', () => {
  it('writes yen without decimals and keeps the six currencies as before', () => {
    expect(formatMoney('395256.9169', 'JPY')).toBe('JPY 395,257');
    expect(formatMoney('1250.5', 'KRW')).toBe('KRW 1,251');
    expect(formatMoney('395256.9169', 'GBP')).toBe('£395,256.92');
    expect(formatMoney('395256.9169', 'NOK')).toBe('NOK 395,256.92');
    expect(formatMoney('-12.5', 'GBP')).toBe('-£12.50');
    expect(formatMoney('1234.5', 'PLN')).toBe('PLN 1,234.50');
    expect(formatBought('500000', 'USDJPY')).toBe('JPY 500,000');
    expect(formatBought('500000.75', 'USDJPY')).toBe('JPY 500,001');
    expect(formatBought('250000.5', 'GBPEUR')).toBe('€250,000.50');
    expect(formatSold('1234.567', 'GBPPLN')).toBe('£1,234.57');
  });

  it('counts yen pips in hundredths and adds margin pips at the pair’s pip', () => {
    // Hand-computed: 191.50 + 20 × 0.01 = 191.70; |191.20 − 191.70| ÷ 0.01 = 50.0 pips;
    // 10,000,000 ÷ 191.20 = 52,301.26; 10,000,000 ÷ 191.70 = 52,164.84.
    const r = calculateSavings({
      yourRate: '191.50',
      competitorRate: '191.20',
      amount: '10000000',
      tradesPerYear: 12,
      marginPips: 20,
      pipSize: pipSize('GBPJPY'),
    });
    expect(r.effectiveRate).toBe('191.7000');
    expect(r.differenceInPips).toBe('50.0');
    expect(r.costWithCompetitor).toBe('52301.26');
    expect(r.costWithUs).toBe('52164.84');
    const m = pitchMargin({
      pair: 'GBPJPY',
      yourRate: '191.50',
      marginPips: 20,
      mid: '192.00',
      amount: '10000000',
      tradesPerYear: 12,
      gbpPerBase: '1',
    });
    expect(m.pitchedRate).toBe('191.7000');
    // (192.00 − 191.70) ÷ 192.00 × 10,000 = 15.625 → 15.6 bps.
    expect(m.bps).toBe('15.6');
  });

  it('gives the spec six the same figures as the spec pip', () => {
    const input = { yourRate: '1.2650', competitorRate: '1.2600', amount: '500000', tradesPerYear: 52, marginPips: 50 };
    for (const pair of SUPPORTED_PAIRS) {
      expect(calculateSavings({ ...input, pipSize: pipSize(pair) })).toEqual(calculateSavings(input));
    }
  });
});
