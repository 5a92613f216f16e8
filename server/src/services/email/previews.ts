import type { Database } from '@pippitch/sql';
import { notFound } from '../../errors';
import { type TrialReminderDays, trialReminderEmail, welcomeEmail } from './billing-emails';
import type { RenderedEmail } from './templates';

/** The four e-mails of spec §2 Email preview, in its order. */
export const PREVIEW_KEYS = ['welcome', 'trial-30', 'trial-7', 'trial-1'] as const;
export type PreviewKey = (typeof PREVIEW_KEYS)[number];

const TITLES: Record<PreviewKey, string> = {
  welcome: 'Welcome (subscription active)',
  'trial-30': 'Trial reminder: 30 days left',
  'trial-7': 'Trial reminder: 7 days left',
  'trial-1': 'Trial reminder: 1 day left',
};

/**
 * The e-mails as this company would receive them, rendered by the same functions the worker sends with.
 * Previews are only rendered, never queued.
 */
export async function emailPreview(
  db: Database,
  companyId: string,
  key: PreviewKey,
  appUrl: string,
  now: Date,
): Promise<{ key: PreviewKey; title: string; email: RenderedEmail }> {
  const company = await db
    .selectFrom('companies')
    .select(['name', 'billing_period', 'admin_seats', 'junior_seats', 'trial_ends_at'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw notFound('Company not found');
  let email: RenderedEmail;
  if (key === 'welcome') {
    email = welcomeEmail({
      companyName: company.name,
      plan: company.billing_period === 'annual' ? 'annual' : 'monthly',
      seats: company.admin_seats + company.junior_seats,
      appUrl,
    });
  } else {
    const daysLeft = Number(key.slice('trial-'.length)) as TrialReminderDays;
    // The reminder as it will read: its trial end is the company's own, or that many days from now.
    const trialEndsAt = company.trial_ends_at ?? new Date(now.getTime() + daysLeft * 86_400_000);
    email = trialReminderEmail({ companyName: company.name, daysLeft, trialEndsAt, appUrl });
  }
  return { key, title: TITLES[key], email };
}

export function previewList(): { key: PreviewKey; title: string }[] {
  return PREVIEW_KEYS.map((key) => ({ key, title: TITLES[key] }));
}
