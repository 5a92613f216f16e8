import { formatDate } from '@pippitch/shared/format';
import { addonsIncludedSuffix, type PlanPrice, periodPriceText, seatPriceText } from '@pippitch/shared/plan-price';
import { type RenderedEmail, render } from './templates';

/**
 * The billing e-mails (spec §2 Email preview: welcome on subscription active, trial reminders at 30, 7 and 1
 * days). The worker sends them and /email-preview shows them from these same functions.
 */
export type TrialReminderDays = 30 | 7 | 1;

export function welcomeEmail(input: {
  companyName: string;
  plan: 'monthly' | 'annual';
  seats: number;
  appUrl: string;
  /** What the company pays, from the one pricing function (shared/src/plan-price.ts). */
  price?: PlanPrice;
  /** A plan paid during the trial: the first charge's day. */
  firstChargeOn?: Date | null;
}): RenderedEmail {
  const { price } = input;
  return render(`Welcome to PipPitch, ${input.companyName}`, {
    heading: 'Your subscription is active',
    paragraphs: [
      `Thank you for subscribing. ${input.companyName} is now on the ${input.plan} plan with ${input.seats} seat${input.seats === 1 ? '' : 's'}.`,
      ...(price ? [`You pay ${seatPriceText(price)}: ${periodPriceText(price)}${addonsIncludedSuffix(price)}.`] : []),
      ...(input.firstChargeOn
        ? [`Your free trial continues: your first charge is on ${formatDate(input.firstChargeOn.toISOString())}.`]
        : []),
      'Everything your team set up during the trial stays as it is: calculations, leads and members.',
      'You can change seats and add-ons, or cancel, at any time from Account Management.',
    ],
    action: { label: 'Open your dashboard', url: `${input.appUrl}/admin` },
  });
}

export function trialReminderEmail(input: {
  companyName: string;
  daysLeft: TrialReminderDays;
  trialEndsAt: Date;
  appUrl: string;
}): RenderedEmail {
  const left = input.daysLeft === 1 ? '1 day' : `${input.daysLeft} days`;
  return render(`Your PipPitch trial ends in ${left}`, {
    heading: `${left} left in your free trial`,
    paragraphs: [
      `The free trial for ${input.companyName} ends on ${formatDate(input.trialEndsAt.toISOString())}.`,
      'To keep your team on PipPitch without a break, choose a monthly or annual plan before then. Your calculations, leads and members carry over.',
      input.daysLeft === 1
        ? 'Tomorrow the account locks until a plan is chosen; your data is kept for 30 days.'
        : 'No card is taken until you choose a plan.',
    ],
    action: { label: 'Choose a plan', url: `${input.appUrl}/checkout` },
  });
}

export function trialEndedEmail(input: { companyName: string; deleteAfter: Date; appUrl: string }): RenderedEmail {
  return render('Your PipPitch trial has ended', {
    heading: 'Your free trial has ended',
    paragraphs: [
      `The free trial for ${input.companyName} has ended, so PipPitch is locked for your team.`,
      `Your data is kept until ${formatDate(input.deleteAfter.toISOString())}. Subscribe before then and everything is restored as it was.`,
    ],
    action: { label: 'Start a subscription', url: `${input.appUrl}/checkout` },
  });
}

/** Access ended other than at a trial's end: an annual plan cancelled, or a cancelled monthly plan's last day. */
export function accessEndedEmail(input: { companyName: string; deleteAfter: Date; appUrl: string }): RenderedEmail {
  return render('Your PipPitch subscription has ended', {
    heading: 'Your subscription has ended',
    paragraphs: [
      `The subscription for ${input.companyName} has ended, so PipPitch is locked for your team.`,
      `Your data is kept until ${formatDate(input.deleteAfter.toISOString())}, then deleted. Start a new subscription before then and everything is restored as it was.`,
    ],
    action: { label: 'Start a new subscription', url: `${input.appUrl}/checkout` },
  });
}

export function checkoutFollowUpEmail(input: { companyName: string; appUrl: string }): RenderedEmail {
  return render('Finish setting up your PipPitch subscription', {
    heading: 'Your checkout is waiting',
    paragraphs: [
      `You started a subscription for ${input.companyName} but did not finish paying.`,
      'If something went wrong, you can pick up where you left off, or reply to this e-mail and we will help.',
    ],
    action: { label: 'Return to checkout', url: `${input.appUrl}/checkout` },
  });
}

export function trialCancelledEmail(input: { companyName: string; deleteAfter: Date; appUrl: string }): RenderedEmail {
  return render('Your PipPitch trial has been cancelled', {
    heading: 'Your free trial has been cancelled',
    paragraphs: [
      `The free trial for ${input.companyName} was cancelled, so PipPitch is now locked for your team. Nothing was charged.`,
      `Your data is kept until ${formatDate(input.deleteAfter.toISOString())}, then deleted. Start a subscription before then and everything is restored as it was.`,
    ],
    action: { label: 'Start a subscription', url: `${input.appUrl}/checkout` },
  });
}

export function cancellationScheduledEmail(input: {
  companyName: string;
  endsOn: Date;
  appUrl: string;
}): RenderedEmail {
  const ends = formatDate(input.endsOn.toISOString());
  return render('Your PipPitch subscription will end', {
    heading: `Your subscription ends on ${ends}`,
    paragraphs: [
      `The subscription for ${input.companyName} was cancelled. Your team keeps access until ${ends}, the end of the period you have paid for; nothing more is charged.`,
      'Changed your mind? Reactivate it from Account Management before then and nothing changes.',
    ],
    action: { label: 'Reactivate subscription', url: `${input.appUrl}/admin/account` },
  });
}

export function reactivatedEmail(input: { companyName: string; renewsOn: Date | null; appUrl: string }): RenderedEmail {
  return render('Your PipPitch subscription continues', {
    heading: 'Your subscription continues',
    paragraphs: [
      `The cancellation for ${input.companyName} has been undone.${input.renewsOn ? ` Your plan renews on ${formatDate(input.renewsOn.toISOString())} as before.` : ''}`,
    ],
    action: { label: 'Open your dashboard', url: `${input.appUrl}/admin` },
  });
}

/** An annual plan set to switch to monthly billing when its paid year ends (issue 20: annual → monthly). */
export function billingSwitchScheduledEmail(input: {
  companyName: string;
  switchesOn: Date;
  /** The monthly plan's price from the switch, from the one pricing function. */
  price: PlanPrice;
  appUrl: string;
}): RenderedEmail {
  const on = formatDate(input.switchesOn.toISOString());
  return render(`Your PipPitch plan switches to monthly billing on ${on}`, {
    heading: `Monthly billing from ${on}`,
    paragraphs: [
      `The annual plan for ${input.companyName} runs to the end of the year you have paid for, ${on}. Nothing is charged or refunded now.`,
      `From ${on} you pay ${seatPriceText(input.price)}: ${periodPriceText(input.price)}${addonsIncludedSuffix(input.price)}, charged monthly.`,
      'Changed your mind? Cancel this change from Account Management before then and your plan renews annually as before.',
    ],
    action: { label: 'Open Account Management', url: `${input.appUrl}/admin/account` },
  });
}
