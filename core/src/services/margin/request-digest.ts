/**
 * The admins' e-mail of approval requests (issue 32 §3): the job a request queues (request-notice.ts) sends each
 * active admin of the company one e-mail listing every request not yet e-mailed — several asked within a few
 * minutes arrive as one. Requests are marked in the same transaction as the e-mails are queued, so a retry or a
 * second run sends nothing twice.
 */
import { formatGBP } from '@pippitch/shared/format';
import type { Database } from '@pippitch/sql';
import { enqueueEmailToMember } from '../email/outbox';
import { render } from '../email/templates';
import { memberName } from './member-name';

export async function sendRequestDigest(
  db: Database,
  companyId: string,
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .updateTable('margin_approvals')
      .set({ digest_sent_at: now })
      .where('company_id', '=', companyId)
      .where('status', '=', 'pending')
      .where('digest_sent_at', 'is', null)
      .returning('id')
      .execute();
    if (fresh.length === 0) return 0;
    const rows = await trx
      .selectFrom('margin_approvals as a')
      .innerJoin('user_profiles as u', 'u.id', 'a.requested_by')
      .leftJoin('user_leads as l', 'l.id', 'a.lead_id')
      .select([
        'a.requested_by',
        'a.floor_label',
        'a.floor_bps',
        'a.margin_bps',
        'a.gbp_per_year',
        'a.reason',
        'l.custom_name',
        memberName.as('requester'),
      ])
      .where(
        'a.id',
        'in',
        fresh.map((r) => r.id),
      )
      .orderBy('a.created_at')
      .execute();
    const admins = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('role_type', 'in', ['admin', 'super_admin'])
      .where('is_active', '=', true)
      .execute();
    const lines = rows.map(
      (r) =>
        `${r.requester} asks for ${r.custom_name ?? 'a client'}: ${r.floor_label} at ${r.margin_bps} bps against the floor of ${Number(r.floor_bps)} bps${r.gbp_per_year ? ` (${formatGBP(r.gbp_per_year)} a year at the stated volume)` : ''} — “${r.reason}”`,
    );
    const subject =
      rows.length === 1
        ? 'A margin below the floor waits for your approval'
        : `${rows.length} margins below the floor wait for your approval`;
    for (const admin of admins) {
      // An admin is not asked to decide their own request; another admin is.
      const theirs = rows.map((r, i) => (r.requested_by === admin.id ? null : lines[i])).filter(Boolean) as string[];
      if (theirs.length === 0) continue;
      await enqueueEmailToMember(trx, admin.id, {
        template: 'margin-requests',
        email: render(subject, {
          heading: subject,
          paragraphs: theirs,
          action: { label: 'Open the approvals queue', url: `${appUrl}/admin#margin-approvals` },
          footnote: 'Requests asked within a few minutes of each other come in one e-mail.',
        }),
      });
    }
    return rows.length;
  });
}
