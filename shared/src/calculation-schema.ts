/** What the calculator sends when it saves a Calculate; the server recomputes every result from it. */
import { z } from 'zod';
import { MARGIN_OPTIONS, SUPPORTED_PAIRS } from './pairs';

const decimalText = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, `${label} must be a number`)
    .refine((v) => Number(v) > 0, `${label} must be greater than zero`);

export const saveCalculationInput = z.object({
  /** Made by the browser for each Calculate, so a repeated request saves nothing twice. */
  id: z.string().uuid(),
  pair: z.enum(SUPPORTED_PAIRS),
  yourRate: decimalText('Your Rate'),
  competitorRate: decimalText('Competitor Rate'),
  amount: decimalText('Amount to Buy'),
  tradesPerYear: z.number().int().min(1).max(1_000_000),
  marginPips: z.union(MARGIN_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]),
  clientName: z.string().trim().max(160).optional(),
  /** The Comparison Date shown (today in London), 'YYYY-MM-DD'. */
  comparisonDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  liveRate: z
    .object({ mid: z.number().positive(), source: z.string().max(20), timestamp: z.number().int().positive() })
    .optional(),
});
export type SaveCalculationInput = z.infer<typeof saveCalculationInput>;
