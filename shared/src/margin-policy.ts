import { Dec } from './decimal';
import { type CurrencyPair, MARGIN_OPTIONS, type MarginPips, pairLabel } from './pairs';

// The desk's margin policy (issue 25 §1): per pair, floors in bps of the mid by ticket size band, and the 'Inflate
// Your Margin' options brokers may use. The band lookup, the floor check and the words of the warning live here, so
// the calculator's warning, the server's gate and the admin page cannot disagree. Its input schema is in
// margin-policy-schema.ts, so the calculator's first load carries no zod (issue 24's 150 KB budget).

/** A band of ticket sizes in pounds, from `fromGbp` (inclusive) up to `toGbp` (exclusive; null: no upper end). */
export interface FloorBand {
  fromGbp: number;
  toGbp: number | null;
  /** Basis points of the mid, 0–500, at most 1 decimal. */
  floorBps: number;
}

export interface MarginPolicy {
  /** Per pair, its bands; a pair floor for every size is one band from 0 with no upper end. No entry: no floor. */
  floors: Partial<Record<CurrencyPair, FloorBand[]>>;
  /** The 'Inflate Your Margin' options brokers may use, ascending. */
  marginOptions: MarginPips[];
}

export const DEFAULT_MARGIN_POLICY: MarginPolicy = { floors: {}, marginOptions: [...MARGIN_OPTIONS] };

export const MAX_FLOOR_BPS = 500;

/** The floor that applies to a ticket, with the words that name it. */
export interface FloorApplied {
  pair: CurrencyPair;
  floorBps: number;
  band: FloorBand;
  /** 'GBP/USD over £1m', 'GBP/USD £100k–£1m', or 'GBP/USD' for a floor across all sizes. */
  label: string;
}

/** £100000 → '£100k', £1500000 → '£1.5m', £2500 → '£2,500'. */
export function shortGbp(value: number): string {
  const compact = (n: number, unit: string) => `£${new Dec(n).toDecimalPlaces(2).toString()}${unit}`;
  if (value >= 1_000_000) return compact(value / 1_000_000, 'm');
  if (value >= 1_000) return compact(value / 1_000, 'k');
  return `£${value}`;
}

/** 'under £100k', '£100k–£1m', 'over £1m', or '' for a band covering every size. */
export function bandLabel(band: Pick<FloorBand, 'fromGbp' | 'toGbp'>): string {
  if (band.fromGbp === 0 && band.toGbp === null) return '';
  if (band.fromGbp === 0) return `under ${shortGbp(band.toGbp as number)}`;
  if (band.toGbp === null) return `over ${shortGbp(band.fromGbp)}`;
  return `${shortGbp(band.fromGbp)}–${shortGbp(band.toGbp)}`;
}

/** The band holding a ticket: lower edge inclusive, upper exclusive, so £1m exactly is 'over £1m', never two bands. */
export function bandFor(bands: readonly FloorBand[], ticketGbp: string): FloorBand | null {
  const ticket = new Dec(ticketGbp);
  return bands.find((b) => ticket.gte(b.fromGbp) && (b.toGbp === null || ticket.lt(b.toGbp))) ?? null;
}

/** The floor in force for a pair and ticket under a policy; null when the policy sets none for it. */
export function floorFor(policy: MarginPolicy, pair: CurrencyPair, ticketGbp: string): FloorApplied | null {
  const band = bandFor(policy.floors[pair] ?? [], ticketGbp);
  if (!band) return null;
  const words = bandLabel(band);
  return { pair, floorBps: band.floorBps, band, label: words ? `${pairLabel(pair)} ${words}` : pairLabel(pair) };
}

/**
 * Below the floor: the margin shown (1 dp) is less than the floor. A floor exactly met is not below, and the check
 * uses the figure the broker sees, so '45.0 bps' is never called below a floor of 45.
 */
export function isBelowFloor(marginBps: string, floor: Pick<FloorApplied, 'floorBps'> | null): boolean {
  if (!floor) return false;
  return new Dec(marginBps).toDecimalPlaces(1).lt(floor.floorBps);
}

/** The calculator's warning: 'Below the desk's floor of 45 bps for GBP/USD over £1m'. */
export function belowFloorWarning(floor: FloorApplied): string {
  return `Below the desk's floor of ${floor.floorBps} bps for ${floor.label}`;
}

/** The gate's refusal, for a pack, share link, CRM export or PDF of a lead whose latest pitch is below the floor. */
export function approvalNeededMessage(floor: FloorApplied): string {
  return `This pitch is below the desk's floor of ${floor.floorBps} bps for ${floor.label}: ask an admin to approve it first`;
}

/** 'None, 10 and 20 pips': the options a desk allows, in words. */
export function allowedOptionsText(options: readonly MarginPips[]): string {
  const words = options.map((o) => (o === 0 ? 'None' : String(o)));
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
  return `${list}${options.some((o) => o > 0) ? ' pips' : ''}`;
}

/** Is this 'Inflate Your Margin' choice one the desk allows? */
export function isAllowedOption(policy: Pick<MarginPolicy, 'marginOptions'>, pips: number): boolean {
  return (policy.marginOptions as readonly number[]).includes(pips);
}

/** The refusal of a choice the desk does not allow (the calculator says it first). */
export function optionNotAllowedMessage(policy: Pick<MarginPolicy, 'marginOptions'>): string {
  return `Your desk allows 'Inflate Your Margin' of ${allowedOptionsText(policy.marginOptions)} only`;
}

/** The words of approvals (issue 25 §2), one home for the server's answers and the pages that show them. */
export const APPROVAL_MESSAGES = {
  pitchNotFound: 'Pitch not found',
  requestNotFound: 'Approval request not found',
  notBelowFloor: "This pitch meets the desk's floor: it needs no approval",
  noMid: 'This pitch was saved without a market mid, so its margin cannot be measured: it needs no approval',
  alreadyPending: 'An approval for this margin is already waiting for an admin',
  alreadyApproved: 'This pitch is already approved',
  ownRequest: 'Another admin must decide your own request',
  alreadyDecided: (status: 'approved' | 'declined', by: string) => `This request was already ${status} by ${by}`,
  noLead: 'This pitch has no client in My Leads to approve it for: give it a client name and calculate again',
  packNeedsNone: "This pack meets the desk's floors or is already approved: it needs no approval",
  floorMoved:
    "The desk's floor for this band has changed since this was asked: decline it, and the broker can ask again under the floor in force",
  notApproved: 'Only an approval can be withdrawn',
  alreadyEnded: (by: string) => `This approval was already ended by ${by}`,
} as const;

export type ApprovalStatus = 'pending' | 'approved' | 'declined';
export const APPROVAL_DECISIONS = ['approved', 'declined'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
