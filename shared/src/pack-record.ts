import { z } from 'zod';
import { pairSchema } from './desk-pairs';
import { midUsed } from './evidence-record';
import type { BadRow, PackTotals, PricedTrade } from './pack';

// The schemas of `evidence_packs.trades`, `.bad_rows` and `.totals` (issue 14 §3), read back through them on every
// read. Apart from pack.ts so that the web, which only shows packs, loads no zod for them.

const tradeMid = midUsed.extend({
  minutesBefore: z.number(),
  // Packs saved before the flag have none (pack.ts tells them by their source's words).
  simulated: z.boolean().optional(),
});

const pricedTrade = z.object({
  line: z.number(),
  date: z.string(),
  time: z.string(),
  pair: pairSchema,
  direction: z.enum(['buy', 'sell']),
  amount: z.string(),
  rate: z.string(),
  at: z.string(),
  mid: tradeMid.nullable(),
  markupBps: z.string().nullable(),
  amountGbp: z.string().nullable(),
  markupGbp: z.string().nullable(),
  ourCostGbp: z.string().nullable(),
  savingGbp: z.string().nullable(),
  note: z.string().nullable(),
  offMarket: z.boolean().optional(),
});

export const packTradesRecord: z.ZodType<PricedTrade[]> = z.array(pricedTrade);

export const packBadRowsRecord: z.ZodType<BadRow[]> = z.array(
  z.object({ line: z.number(), text: z.string(), reason: z.string() }),
);

export const packTotalsRecord: z.ZodType<PackTotals> = z.object({
  trades: z.number(),
  priced: z.number(),
  offMarket: z.number().optional(),
  volumeGbp: z.string(),
  markupGbp: z.string(),
  ourCostGbp: z.string(),
  savingGbp: z.string(),
  averageMarkupBps: z.string(),
  from: z.string(),
  to: z.string(),
  spanDays: z.number(),
  annualisedSavingGbp: z.string(),
});
