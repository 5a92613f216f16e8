import { type CalculationEvidence, ECB_SOURCE_NOTE, type EcbReference, rangeCheckMessage } from './evidence';
import { formatRate } from './format';
import { formatBought, formatSold } from './money';
import { pairInfo } from './pair-catalogue';
import { crossWords } from './pair-method';
import { type CurrencyPair, pairLabel } from './pairs';
import { formatIsoDate, formatLondonDateTime } from './time';

// A saved pitch's record in words (issue 14) and the summary a broker copies into an e-mail: what Calculation
// Details, the leads' modal and the tests read. Apart from evidence.ts, whose range check the calculator shows as
// the broker types, so the calculator's first load carries only that (the 150 KB budget, issue 24); rates at each
// pair's decimals from the catalogue (issue 34).

/** Says when the fix quoted is not the date's own: ' (the last published before 28 Nov 2026)'. */
export function ecbFixNote(ecb: EcbReference): string {
  return ecb.forDate && ecb.forDate !== ecb.fixDate ? ` (the last published before ${formatIsoDate(ecb.forDate)})` : '';
}

/** The record's lines, as Calculation Details and the monthly report show them. */
export function evidenceLines(pair: CurrencyPair, evidence: CalculationEvidence): string[] {
  const lines: string[] = [];
  const decimals = pairInfo(pair).decimals;
  lines.push(
    evidence.mid
      ? `Mid used: ${formatRate(evidence.mid.rate, decimals)} (${evidence.mid.source}, ${formatLondonDateTime(new Date(evidence.mid.at))} London)`
      : 'Mid used: none (no live price was available when this was saved)',
  );
  if (evidence.cross) lines.push(`Cross rate: ${crossWords(evidence.cross)}.`);
  if (evidence.range) lines.push(`Competitor rate: ${rangeCheckMessage(evidence.range, decimals)}`);
  lines.push(
    evidence.ecb
      ? `ECB reference rate ${formatIsoDate(evidence.ecb.fixDate)}${ecbFixNote(evidence.ecb)}: ${pairLabel(pair)} ${formatRate(evidence.ecb.rate, decimals)} (${evidence.ecb.derivation}). ${ECB_SOURCE_NOTE}.`
      : 'ECB reference rate: none on file for this date.',
  );
  lines.push(`Method: ${evidence.method}`);
  return lines;
}

/** What the pitch summary is made from: a saved calculation as Calculation Details holds it. */
export interface PitchSummaryInput {
  clientName: string | null;
  pair: CurrencyPair;
  createdAt: string;
  /** Your rate + margin (the rate the comparison used). */
  effectiveRate: string;
  marginPips: number;
  competitorRate: string;
  amount: string;
  tradesPerYear: number;
  costWithCompetitor: string;
  costWithUs: string;
  savingsPerTrade: string;
  annualSavings: string;
  isAdvantage: boolean;
  evidence: CalculationEvidence | null;
}

/**
 * The text a broker pastes into an e-mail: plain words, the figures and their sources. It claims a saving only
 * when the calculation shows one, and names nothing the record does not hold.
 */
export function pitchSummary(c: PitchSummaryInput): string {
  const who = c.clientName ? ` for ${c.clientName}` : '';
  const margin = c.marginPips ? ` (including a ${c.marginPips}-pip margin)` : '';
  const decimals = pairInfo(c.pair).decimals;
  const lines = [
    `FX comparison${who}: ${pairLabel(c.pair)}, ${formatLondonDateTime(new Date(c.createdAt))} London`,
    '',
    `Amount bought per trade: ${formatBought(c.amount, c.pair)}, ${c.tradesPerYear} trades a year`,
    `Your current rate: ${formatRate(c.competitorRate, decimals)} — cost per trade ${formatSold(c.costWithCompetitor, c.pair)}`,
    `Our rate: ${formatRate(c.effectiveRate, decimals)}${margin} — cost per trade ${formatSold(c.costWithUs, c.pair)}`,
    c.isAdvantage
      ? `Saving: ${formatSold(c.savingsPerTrade, c.pair)} per trade, ${formatSold(c.annualSavings, c.pair)} a year at ${c.tradesPerYear} trades`
      : 'On these figures our rate does not save you money; we would not claim a saving.',
  ];
  if (c.evidence) lines.push('', ...evidenceLines(c.pair, c.evidence));
  lines.push('', 'Rates are indicative and not an offer to deal.');
  return lines.join('\n');
}
