import { dataKeptUntil } from '@pippitch/shared/retention';
import type { Database } from '@pippitch/sql';
import { insertNoticeOnce } from '../../queries/billing/notices';
import type { Scope } from '../../queries/scope';
import { activeAdmins } from '../../queries/team/members';
import { accessEndedEmail, trialCancelledEmail, trialEndedEmail } from '../email/billing-emails';
import { enqueueEmail } from '../email/outbox';
import type { RenderedEmail } from '../email/templates';
import type { NoticeDeps } from './deps';

export type NoticeKind =
  | 'trial_reminder_30'
  | 'trial_reminder_7'
  | 'trial_reminder_1'
  | 'trial_ended'
  | 'welcome'
  | 'checkout_followup'
  | 'access_ended'
  | 'trial_cancelled'
  | 'cancellation_scheduled'
  | 'reactivated'
  | 'billing_switch_scheduled';

/**
 * Sends a billing e-mail to the company's active admins once: the notice row and the e-mails commit together,
 * so a second worker, a retried job or a redelivered event finds the row and sends nothing. Returns whether it
 * was sent now. The outbox's template is the notice's kind unless named.
 */
export async function sendNoticeOnce(
  trx: Database,
  scope: Scope,
  notice: { kind: NoticeKind; ref?: string; template?: string; email: RenderedEmail },
  now: Date,
): Promise<boolean> {
  if (!(await insertNoticeOnce(trx, scope, { kind: notice.kind, ref: notice.ref ?? '', now }))) return false;
  for (const { email: to } of await activeAdmins(trx, scope)) {
    await enqueueEmail(trx, {
      to,
      template: notice.template ?? notice.kind,
      email: notice.email,
      companyId: scope.companyId,
    });
  }
  return true;
}

/** The e-mail of each way access ends: the trial's end, its cancellation, a paid plan's end. */
const ACCESS_ENDED_EMAILS = {
  trial_ended: trialEndedEmail,
  trial_cancelled: trialCancelledEmail,
  access_ended: accessEndedEmail,
} as const;

/**
 * Tells the admins that access has ended and until when the company's data is kept (dataKeptUntil counted from
 * `lockedAt`, when the lock began), once per kind and `ref`.
 */
export function noticeAccessEnded(
  trx: Database,
  scope: Scope,
  notice: {
    company: { name: string };
    kind: keyof typeof ACCESS_ENDED_EMAILS;
    ref?: string;
    lockedAt: Date;
  },
  { appUrl, now }: NoticeDeps,
): Promise<boolean> {
  const { company, kind, ref, lockedAt } = notice;
  const email = ACCESS_ENDED_EMAILS[kind]({ companyName: company.name, deleteAfter: dataKeptUntil(lockedAt), appUrl });
  return sendNoticeOnce(trx, scope, { kind, ref, email }, now);
}
