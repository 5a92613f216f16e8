import { planPrice } from '@pippitch/shared/plan-price';
import { dataKeptUntil } from '@pippitch/shared/retention';
import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { previewCompany } from '../../queries/email/preview';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import {
  accessEndedEmail,
  billingSwitchScheduledEmail,
  cancellationScheduledEmail,
  reactivatedEmail,
  type TrialReminderDays,
  trialCancelledEmail,
  trialReminderEmail,
  welcomeEmail,
} from './billing-emails';
import { marginDecisionEmail } from './margin-emails';
import type { RenderedEmail } from './templates';

/**
 * Each preview's title, keyed by the preview: the four e-mails of spec §2 Email preview, in its order, then the ones
 * issue 20 added: one for each way a plan is cancelled (a trial, a monthly plan's period end, access ended), the
 * reactivation, and the switch from annual to monthly billing; then the margin decisions (issue 25).
 */
const TITLES = {
  welcome: 'Welcome (subscription active)',
  'trial-30': 'Trial reminder: 30 days left',
  'trial-7': 'Trial reminder: 7 days left',
  'trial-1': 'Trial reminder: 1 day left',
  'trial-cancelled': 'Trial cancelled',
  'cancellation-scheduled': 'Monthly plan cancelled (ends with its paid period)',
  reactivated: 'Cancellation undone (Reactivate)',
  'access-ended': 'Subscription ended',
  'billing-switch': 'Annual plan switching to monthly billing',
  'margin-approved': 'Pitch below the floor approved',
  'margin-declined': 'Pitch below the floor declined',
} as const;
export type PreviewKey = keyof typeof TITLES;
/** The previews, in the order above. */
export const PREVIEW_KEYS = Object.keys(TITLES) as PreviewKey[];

const DAY_MS = 86_400_000;

/**
 * The e-mails as this company would receive them, rendered by the same functions the worker sends with.
 * Previews are only rendered, never queued. A date the company does not have yet (a trial that is over, a plan
 * not paid) is the one it would have: counted from now.
 */
export async function emailPreview(
  db: Database,
  actor: Actor,
  { key }: { key: PreviewKey },
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<{ key: PreviewKey; title: string; email: RenderedEmail }> {
  const company = await previewCompany(db, scopeOf(actor));
  if (!company) throw notFound('Company not found');
  const companyName = company.name;
  const plan = {
    adminSeats: company.adminSeats,
    brokerSeats: company.brokerSeats,
    addons: { companyFinder: company.companyFinderEnabled, clientData: company.clientDataEnabled },
  };
  const annual = company.billingPeriod === 'annual';
  const periodEnd = (days: number) => company.currentPeriodEnd ?? new Date(now.getTime() + days * DAY_MS);
  let email: RenderedEmail;
  switch (key) {
    case 'welcome':
      email = welcomeEmail({
        companyName,
        plan: annual ? 'annual' : 'monthly',
        seats: company.adminSeats + company.brokerSeats,
        appUrl,
        price: planPrice({ ...plan, billing: annual ? 'annual' : 'monthly' }),
      });
      break;
    case 'trial-cancelled':
      email = trialCancelledEmail({ companyName, deleteAfter: dataKeptUntil(now), appUrl });
      break;
    case 'cancellation-scheduled':
      email = cancellationScheduledEmail({ companyName, endsOn: periodEnd(30), appUrl });
      break;
    case 'reactivated':
      email = reactivatedEmail({ companyName, renewsOn: periodEnd(30), appUrl });
      break;
    case 'access-ended':
      email = accessEndedEmail({ companyName, deleteAfter: dataKeptUntil(now), appUrl });
      break;
    case 'billing-switch':
      email = billingSwitchScheduledEmail({
        companyName,
        switchesOn: periodEnd(365),
        price: planPrice({ ...plan, billing: 'monthly' }),
        appUrl,
      });
      break;
    case 'margin-approved':
    case 'margin-declined':
      // The spec's demo pitch (GBP/USD 1.3500 against a mid of 1.3556, $500,000) under a 50 bps floor.
      email = marginDecisionEmail({
        decision: key === 'margin-approved' ? 'approved' : 'declined',
        companyName,
        clientName: 'Acme Ltd',
        marginBps: '41.3',
        floorBps: '50',
        floorLabel: 'GBP/USD £100k–£1m',
        deciderName: 'Your admin',
        note: key === 'margin-approved' ? 'Fine for the first trade; back to the floor after.' : null,
        action: { label: 'Open your leads', url: `${appUrl}/leads` },
      });
      break;
    default: {
      const daysLeft = Number(key.slice('trial-'.length)) as TrialReminderDays;
      // The reminder as it will read: its trial end is the company's own, or that many days from now.
      const trialEndsAt = company.trialEndsAt ?? new Date(now.getTime() + daysLeft * DAY_MS);
      email = trialReminderEmail({ companyName, daysLeft, trialEndsAt, appUrl });
    }
  }
  return { key, title: TITLES[key], email };
}

export function previewList(): { key: PreviewKey; title: string }[] {
  return PREVIEW_KEYS.map((key) => ({ key, title: TITLES[key] }));
}
