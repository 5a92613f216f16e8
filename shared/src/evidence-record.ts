import { z } from 'zod';
import type { CalculationEvidence } from './evidence';

// The schema of `calculations.evidence` (the substantiation record, issue 14), read back through it everywhere the
// column is read. Apart from evidence.ts so that the web, which only shows the record, loads no zod for it.

/** A mid used (evidence.ts MidUsed); a pack's trade's mid extends it (pack-record.ts). */
export const midUsed = z.object({ rate: z.string(), source: z.string(), at: z.string() });

const ecbReference = z.object({
  fixDate: z.string(),
  rate: z.string(),
  derivation: z.string(),
  forDate: z.string().optional(),
});

const rangeCheck = z.object({
  date: z.string(),
  low: z.string(),
  high: z.string(),
  rate: z.string(),
  position: z.enum(['inside', 'below', 'above']),
  mid: z.object({ rate: z.string(), at: z.string() }).nullable(),
  bpsFromMid: z.string().nullable(),
  // Checks on a day without prices name the last trading session they used (issue 31 §1).
  session: z.object({ forDate: z.string(), from: z.string(), to: z.string() }).optional(),
});

const gbpConversion = z.object({ rate: z.string(), source: z.string(), at: z.string().nullable() });

export const calculationEvidenceRecord: z.ZodType<CalculationEvidence> = z.object({
  mid: midUsed.nullable(),
  method: z.string(),
  ecb: ecbReference.nullable(),
  range: rangeCheck.nullable(),
  gbp: gbpConversion.optional(),
});

/** The stored record, or null for calculations saved before records existed. */
export function readEvidence(column: unknown): CalculationEvidence | null {
  return column === null || column === undefined ? null : calculationEvidenceRecord.parse(column);
}
