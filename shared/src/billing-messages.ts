// What the billing pages and e-mails say about a subscription and its charges (issue 20). One home, so the
// confirmation the customer reads before paying is worded the same on every page.
import { formatMoney } from './money';
import type { Billing } from './pricing';

export const BILLING_MESSAGES = {
  alreadySubscribed:
    'Your company already has a subscription. Change its plan on the checkout page: nothing is charged until you confirm.',
  checkoutPaidMeanwhile:
    'Your earlier checkout has just been paid. Please wait a moment for your subscription to show, then reload this page.',
  amountChanged: 'The amount has changed since it was shown. Please review the new amount and confirm again.',
  quoteExpired: 'This price was worked out more than an hour ago. Please review the current amount and confirm again.',
  switchKeepsPlan:
    'Switching to monthly billing keeps your seats and add-ons as they are. Change them on your annual plan first, then switch.',
  switchAlreadyScheduled:
    'Your plan already switches to monthly billing when its paid year ends. You can cancel that change on the Account Management page.',
  noSwitchToCancel: 'Your plan has no change of billing period to cancel.',
  switchCancelFailed: 'The change could not be cancelled. Please try again.',
  nothingToChange: 'Your plan already has these seats, add-ons and billing period.',
  noPlanToChange: 'There is no active subscription to change. Please start one from the checkout page.',
  planChanged: 'Your plan has been changed.',
  changeFailed: 'The change could not be made. Nothing was charged; please try again.',
} as const;

const PER: Record<Billing, string> = { monthly: 'month', annual: 'year' };

/** 'per month' / 'per year' */
export function perPeriod(billing: Billing): string {
  return `per ${PER[billing]}`;
}

/** Pence as pounds: 238464 → '£2,384.64'. */
export function pounds(pence: number): string {
  return formatMoney((pence / 100).toFixed(2), 'GBP');
}

/**
 * The confirmation before any charge (issue 20 §3): 'You will be charged £12.40 now (prorated), then £194.40 per
 * month (VAT included).' A trial's change costs nothing now and says when the first charge falls.
 */
export function chargeSentence(charge: {
  dueNowPence: number;
  recurringPence: number;
  billing: Billing;
  /** The first charge's date while in trial (ISO), else null. */
  firstChargeOn: string | null;
  prorated: boolean;
  /**
   * A switch of billing period already scheduled (annual → monthly at the paid year's end): from then the plan's
   * price is per that period, so the sentence says so (issue 31 §6: it said 'per year' after the switch was asked).
   */
  switchesTo?: { billing: Billing; onIso: string; recurringPence: number } | null;
}): string {
  const then = `${pounds(charge.recurringPence)} ${perPeriod(charge.billing)} (VAT included)`;
  const sw = charge.firstChargeOn ? null : charge.switchesTo;
  if (sw) {
    const after = `${pounds(sw.recurringPence)} ${perPeriod(sw.billing)} (VAT included) from ${longDate(sw.onIso)}, when your plan switches to ${sw.billing} billing`;
    if (charge.dueNowPence === 0) return `Nothing is charged now; you pay ${after}.`;
    return `You will be charged ${pounds(charge.dueNowPence)} now${charge.prorated ? ' (prorated)' : ''} for the rest of the period you have paid for, then ${after}.`;
  }
  if (charge.firstChargeOn) {
    return `Nothing is charged now. Your first charge of ${then.replace(' (VAT included)', '')} (VAT included) is on ${longDate(charge.firstChargeOn)}, when your free trial ends.`;
  }
  if (charge.dueNowPence === 0) return `Nothing is charged now; from your next renewal you pay ${then}.`;
  return `You will be charged ${pounds(charge.dueNowPence)} now${charge.prorated ? ' (prorated)' : ''}, then ${then}.`;
}

/** 'Switches to monthly billing on 12 March 2027' (the account page, with 'Cancel this change'). */
export function switchLine(billing: Billing, onIso: string): string {
  return `Switches to ${billing} billing on ${longDate(onIso)}`;
}

/**
 * The confirmation of annual → monthly mid-year: nothing now, the year paid runs out, then the monthly price.
 * 'Nothing is charged now. Your annual plan runs to 12 March 2027, the end of the year you have paid for; from
 * then you pay £194.40 per month (VAT included).'
 */
export function switchSentence(input: { onIso: string; recurringPence: number; billing: Billing }): string {
  return `Nothing is charged now. Your annual plan runs to ${longDate(input.onIso)}, the end of the year you have paid for; from then you pay ${pounds(input.recurringPence)} ${perPeriod(input.billing)} (VAT included).`;
}

/** After 'Cancel this change': 'Your plan stays annual and renews on 12 March 2027.' */
export function switchCancelledLine(renewsOnIso: string | null): string {
  return `Your plan stays annual${renewsOnIso ? ` and renews on ${longDate(renewsOnIso)}` : ''}.`;
}

/** '25 December 2026' in London. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}
