/**
 * The live rate stored with a calculation: the server's own latest quote for the pair, never the browser's. Its own
 * file so that save.ts and the pieces it calls (evidence, GBP conversion) all import it downward.
 */
export interface QuoteAtSave {
  mid: number;
  source: string;
  /** ms since epoch */
  timestamp: number;
}
