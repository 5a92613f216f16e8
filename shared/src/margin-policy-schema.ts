import { z } from 'zod';
import { pairSchema } from './desk-pairs';
import { bandLabel, type FloorBand, MAX_FLOOR_BPS } from './margin-policy';
import { MARGIN_OPTIONS, type MarginPips } from './pairs';

// The margin policy as an admin sends it (issue 25 §1): floors 0–500 bps with at most one decimal, whole-pound
// bands that do not overlap, 'Inflate Your Margin' options from the spec's list. Kept apart from margin-policy.ts
// so the browser's calculator does not load zod for rules it only reads.

const bps = z
  .number()
  .min(0, 'A floor is at least 0 bps')
  .max(MAX_FLOOR_BPS, `A floor is at most ${MAX_FLOOR_BPS} bps`)
  .refine((v) => Number.isInteger(v * 10), 'A floor has at most one decimal place');
const gbp = z.number().int('Band edges are whole pounds').min(0, 'Band edges are at least £0').max(1e12);

export const floorBandSchema = z
  .object({ fromGbp: gbp, toGbp: gbp.nullable(), floorBps: bps })
  .refine((b) => b.toGbp === null || b.toGbp > b.fromGbp, 'A band must end above where it starts');

/** Bands sorted by their start, none overlapping: two floors for one ticket would be a policy nobody can follow. */
const bandsSchema = z
  .array(floorBandSchema)
  .min(1, 'A pair with a floor needs at least one band')
  .max(10, 'At most 10 bands per pair')
  .transform((bands) => [...bands].sort((a, b) => a.fromGbp - b.fromGbp))
  .superRefine((bands, ctx) => {
    for (let i = 1; i < bands.length; i += 1) {
      const before = bands[i - 1] as FloorBand;
      const band = bands[i] as FloorBand;
      if (before.toGbp === null || before.toGbp > band.fromGbp) {
        ctx.addIssue({ code: 'custom', message: `Bands overlap: ${bandLabel(before)} and ${bandLabel(band)}` });
        return;
      }
    }
  });

export const marginPolicySchema = z.object({
  /** Floors per catalogue pair (issue 34): a desk may set one for any pair it quotes or may quote. */
  floors: z.partialRecord(pairSchema, bandsSchema, {
    // A key outside the catalogue is named in words, not as zod's 'Unrecognized key'.
    // (zod reports them as 'unrecognized_keys', which its record issue type does not list.)
    error: (issue) => {
      const { code, keys } = issue as { code: string; keys?: string[] };
      return code === 'unrecognized_keys'
        ? `Unsupported currency pair: ${keys?.join(', ')} (floors are set for the desk's currency pairs)`
        : undefined;
    },
  }),
  marginOptions: z
    .array(z.number())
    .min(1, "Keep at least one 'Inflate Your Margin' option")
    .refine(
      (options) => options.every((o) => (MARGIN_OPTIONS as readonly number[]).includes(o)),
      "'Inflate Your Margin' options are None, 10, 20, 30, 40 or 50 pips",
    )
    .transform((options) => [...new Set(options)].sort((a, b) => a - b) as MarginPips[]),
});
