import { z } from 'zod';
import { uuid } from './input';
import { DEFAULT_PACK_MARGIN_BPS, PACK_MARGIN_OPTIONS, PACK_MESSAGES } from './pack';

/**
 * A pack as the broker builds it: the lead, the trades' CSV and the margin. One schema for creating it and for
 * asking an approval of it before it exists (issue 32 §2), so both read the same input.
 */
export const packDraftSchema = z.object({
  leadId: uuid(PACK_MESSAGES.leadNotFound),
  // The shared parser checks the 1 MB limit in bytes; this only stops absurd bodies early.
  csv: z.string().max(1_100_000, PACK_MESSAGES.tooLarge),
  marginBps: z
    .number()
    .int()
    .refine((n) => (PACK_MARGIN_OPTIONS as readonly number[]).includes(n), 'Choose a margin from the list')
    .default(DEFAULT_PACK_MARGIN_BPS),
});
