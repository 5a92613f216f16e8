/** The ECB's euro reference rates (issue 21 §2): published each TARGET business day around 16:00 CET. */

/** One day's published rates: units of each currency per 1 EUR, the published digits kept as text. */
export interface EcbFix {
  /** 'YYYY-MM-DD'. */
  date: string;
  rates: Record<string, string>;
}

export interface EcbRatesProvider {
  /** Where the files come from, for logs and the data-status card. */
  readonly description: string;
  /** The latest day's rates (eurofxref-daily.xml). */
  daily(signal?: AbortSignal): Promise<EcbFix[]>;
  /** The last 90 days' (eurofxref-hist-90d.xml), to catch up after downtime. */
  last90Days(signal?: AbortSignal): Promise<EcbFix[]>;
  /** Every day since 1999 (eurofxref-hist.xml), when the gap is older than 90 days (the bundled file is old). */
  history(signal?: AbortSignal): Promise<EcbFix[]>;
}
