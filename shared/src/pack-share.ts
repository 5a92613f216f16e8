import { z } from 'zod';
import { formatDate } from './format';

// What a prospect reads on a shared evidence pack beyond the figures (issue 22 §3): who prepared it and how to reach
// them, and in plain words why a link does not open. The broker's own pack page keeps the broker-side details (rows
// left out of the upload); the prospect's page and the PDF never show them.

/** The brokerage behind a pack, as the prospect's page and the PDF name it. */
export interface Brokerage {
  companyName: string;
  brokerName: string;
  brokerEmail: string;
  /** From the broker's profile; null when they have not given one. */
  brokerPhone: string | null;
  /** The company uploaded a logo (served to the prospect by the share link: sharedLogoUrl). */
  hasLogo: boolean;
}

/** Where the prospect's page loads the brokerage's logo. */
export const sharedLogoUrl = (token: string) => `/api/packs/shared-logo?token=${encodeURIComponent(token)}`;

/** Why a share link does not open, in the prospect's words. */
export const SHARE_LINK_MESSAGES = {
  malformed:
    'This link is incomplete: part of it may have been cut off when it was copied. Open it again from the e-mail, or ask your broker to send it again.',
  /** Also a link whose broker or company no longer has access (issue 30 §4): the same words, so nobody can tell. */
  unknown: 'This link is no longer available. Check that it was copied in full, or ask your broker for a new one.',
  withdrawn: 'Your broker has withdrawn this link. Ask them for a new one if you still need the figures.',
  expired: (on: string) =>
    `This link expired on ${formatDate(on)}. Links to an evidence pack last 30 days: ask your broker for a new one.`,
} as const;

/** A share token as made (base64url, 20–100 characters); anything else is a malformed link. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export const shareTokenInput = z.object({
  token: z.string().regex(SHARE_TOKEN, SHARE_LINK_MESSAGES.malformed),
});

/** A phone number as a broker types it: digits, spaces, +, brackets, dashes; 5–40 characters. */
export const brokerPhone = z
  .string()
  .trim()
  .max(40, 'Phone numbers have at most 40 characters')
  .refine((v) => v === '' || (/^[+()\d\s.-]{5,40}$/.test(v) && /\d{5}/.test(v.replace(/\D/g, ''))), {
    message: "Please enter a phone number, e.g. '+44 20 7946 0000'",
  });
