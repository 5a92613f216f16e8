/** What the calculator sends when it saves a Calculate; the server recomputes every result from it. */
import { z } from 'zod';
import { type CalculatorNumberField, calculatorTextProblem } from './calculator-limits';
import { pairSchema } from './desk-pairs';
import { isoDate, nameText } from './input';
import { MARGIN_OPTIONS } from './pairs';

/** A decimal field under the same rule as the form (calculator-limits.ts). */
const decimalText = (field: CalculatorNumberField) =>
  z
    .string()
    .trim()
    .max(40)
    .superRefine((value, ctx) => {
      const problem = calculatorTextProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const saveCalculationInput = z.object({
  /** Made by the browser for each Calculate, so a repeated request saves nothing twice. */
  id: z.string().uuid(),
  /** A catalogue pair; the server also checks the desk quotes it (deskPairProcedure). */
  pair: pairSchema,
  yourRate: decimalText('yourRate'),
  competitorRate: decimalText('competitorRate'),
  amount: decimalText('amount'),
  tradesPerYear: z
    .number()
    .int('Trades per year must be a whole number')
    .min(1, 'Trades per year must be between 1 and 100,000')
    .max(100_000, 'Trades per year must be between 1 and 100,000'),
  marginPips: z.union(MARGIN_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]),
  clientName: nameText('Client name', 160).optional(),
  /** The Comparison Date shown (today in London, or the day of a historical rate the broker used), 'YYYY-MM-DD'. */
  comparisonDate: isoDate,
  /** The London minute of a historical rate the broker used ('14:05'); absent for a comparison made now. */
  comparisonTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Comparison time must be HH:MM')
    .optional(),
  /**
   * The broker's explicit 'Use this rate anyway' for a competitor rate outside the comparison day's range (issue 22
   * §2): without it such a rate is not saved; with it the calculation is saved but kept out of totals and averages.
   */
  useOffMarketRate: z.boolean().optional(),
  // No live rate from the browser: the server stores its own latest quote with the calculation (design.md §3).
});
export type SaveCalculationInput = z.infer<typeof saveCalculationInput>;
