// The public pages and how they present themselves to search engines and link previews (issue 13 §4): one list,
// read by the server (the head of each page's HTML, sitemap.xml, robots.txt) and by the browser (the title as the
// visitor moves between pages).

export interface PublicPage {
  title: string;
  description: string;
}

export const PUBLIC_PAGES = {
  '/': {
    title: 'PipPitch — FX savings pitches for UK brokerage teams',
    description:
      'Show a prospect, while you are still on the call, what they would save by switching: live GBP rates, exact savings maths, history since 2024, leads and team reports. 60-day free trial.',
  },
  '/pricing': {
    title: 'Pricing — PipPitch',
    description:
      'Per-seat pricing from £24 a month: £30 for 1–5 seats, £27 for 6–12, £24 for 13 or more; 20% off billed annually. Add-ons £5 per seat. 60-day free trial, no card.',
  },
  '/login': {
    title: 'Sign in — PipPitch',
    description: 'Sign in to PipPitch as a broker or an admin.',
  },
  '/terms': {
    title: 'Terms of Service — PipPitch',
    description: 'The terms of the PipPitch subscription: trial, billing, cancellation, acceptable use and liability.',
  },
  '/privacy': {
    title: 'Privacy Policy — PipPitch',
    description:
      'How PipPitch processes your team’s and prospects’ data under UK GDPR: what is collected, who processes it, how long it is kept, your rights.',
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

export const PUBLIC_PATHS = Object.keys(PUBLIC_PAGES) as PublicPath[];

/** The app's own pages: kept out of search engines (robots.txt). */
export const PRIVATE_PREFIXES = [
  '/admin',
  '/calculator',
  '/leads',
  '/packs',
  // Evidence packs shared with a prospect: read by whoever holds the link, never indexed.
  '/p/',
  '/unsubscribe',
  '/checkout',
  '/join',
  '/signup',
  '/reset-password',
  '/unlock-sign-in',
  '/test-checkout',
  '/email-preview',
  '/salesforce-callback',
  '/api',
  '/trpc',
] as const;

/** True for a path under PRIVATE_PREFIXES: sent with `X-Robots-Tag: noindex` (robots.txt alone is only advice). */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export const DEFAULT_TITLE = 'PipPitch';

/** The page's title for a path (the app's pages share the product's name). */
export function titleOf(path: string): string {
  return (PUBLIC_PAGES as Record<string, PublicPage>)[path]?.title ?? DEFAULT_TITLE;
}
