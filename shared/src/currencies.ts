// The currencies PipPitch prices (issue 34): every currency of the ECB's euro reference list that it still
// publishes, GBP and EUR included. BGN is left out: Bulgaria adopted the euro on 1 January 2026 and the ECB no
// longer fixes it. Minor units are ISO 4217's (how many decimals money in that currency is written with): yen,
// won and krónur have none; the forint and the rupiah keep ISO's 2 although their coins are gone, as ISO does.

export const CURRENCY_CODES = [
  'GBP',
  'EUR',
  'USD',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'NOK',
  'SEK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'ISK',
  'TRY',
  'ZAR',
  'MXN',
  'BRL',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'KRW',
  'IDR',
  'MYR',
  'PHP',
  'THB',
  'ILS',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  code: CurrencyCode;
  /** The name a broker searches by ('Polish zloty'). */
  name: string;
  /** ISO 4217 minor units: the decimals of an amount of money in this currency. */
  minorUnits: number;
  /** Written before the figure ('£1,250.00'); currencies without an unambiguous one are written with their code. */
  symbol?: string;
}

const TABLE: Readonly<Record<CurrencyCode, Omit<Currency, 'code'>>> = {
  GBP: { name: 'Pound sterling', minorUnits: 2, symbol: '£' },
  EUR: { name: 'Euro', minorUnits: 2, symbol: '€' },
  USD: { name: 'US dollar', minorUnits: 2, symbol: '$' },
  JPY: { name: 'Japanese yen', minorUnits: 0 },
  CHF: { name: 'Swiss franc', minorUnits: 2 },
  CAD: { name: 'Canadian dollar', minorUnits: 2 },
  AUD: { name: 'Australian dollar', minorUnits: 2, symbol: 'A$' },
  NZD: { name: 'New Zealand dollar', minorUnits: 2 },
  NOK: { name: 'Norwegian krone', minorUnits: 2 },
  SEK: { name: 'Swedish krona', minorUnits: 2 },
  DKK: { name: 'Danish krone', minorUnits: 2 },
  PLN: { name: 'Polish zloty', minorUnits: 2 },
  CZK: { name: 'Czech koruna', minorUnits: 2 },
  HUF: { name: 'Hungarian forint', minorUnits: 2 },
  RON: { name: 'Romanian leu', minorUnits: 2 },
  ISK: { name: 'Icelandic krona', minorUnits: 0 },
  TRY: { name: 'Turkish lira', minorUnits: 2 },
  ZAR: { name: 'South African rand', minorUnits: 2 },
  MXN: { name: 'Mexican peso', minorUnits: 2 },
  BRL: { name: 'Brazilian real', minorUnits: 2 },
  CNY: { name: 'Chinese yuan renminbi', minorUnits: 2 },
  HKD: { name: 'Hong Kong dollar', minorUnits: 2 },
  SGD: { name: 'Singapore dollar', minorUnits: 2 },
  INR: { name: 'Indian rupee', minorUnits: 2 },
  KRW: { name: 'South Korean won', minorUnits: 0 },
  IDR: { name: 'Indonesian rupiah', minorUnits: 2 },
  MYR: { name: 'Malaysian ringgit', minorUnits: 2 },
  PHP: { name: 'Philippine peso', minorUnits: 2 },
  THB: { name: 'Thai baht', minorUnits: 2 },
  ILS: { name: 'Israeli new shekel', minorUnits: 2 },
};

export const CURRENCIES: readonly Currency[] = CURRENCY_CODES.map((code) => ({ code, ...TABLE[code] }));

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(TABLE, value);
}

export function currency(code: CurrencyCode): Currency {
  return { code, ...TABLE[code] };
}

/** ISO 4217 minor units; 2 for a code we do not know (most currencies have 2). */
export function minorUnits(code: string): number {
  return isCurrencyCode(code) ? TABLE[code].minorUnits : 2;
}
