/**
 * The admins' e-mail of approval requests (issue 32 §3): the job a request queues (request-notice.ts) sends each
 * active admin of the company one e-mail listing every request not yet e-mailed — several asked within a few
 * minutes arrive as one. Requests are marked in the same transaction as the e-mails are queued, so a retry or a
 * second run sends nothing twice.
 */
import { formatGBP } from '@pippitch/shared/format';
import type { Database } from '@pippitch/sql';
import { markRequestsDigested } from '../../queries/margin/approval-writes';
import { approvalViewsByIds } from '../../queries/margin/approvals';
import { systemScope } from '../../queries/scope';
import { activeAdmins } from '../../queries/team/members';
import { enqueueEmailToMember } from '../email/outbox';
import { render } from '../email/templates';

/** The job's body, for the company its payload names (the job acts for no member: a system scope). */
export async function sendRequestDigest(
  db: Database,
  companyId: string,
  { appUrl, now }: { appUrl: string; now: Date },
): Promise<number> {
  const scope = systemScope('system:margin-digest', companyId);
  return db.transaction().execute(async (trx) => {
    const fresh = await markRequestsDigested(trx, scope, now);
    if (fresh.length === 0) return 0;
    const rows = await approvalViewsByIds(trx, scope, fresh);
    const admins = (await activeAdmins(trx, scope)).map((a) => a.id);
    const lines = rows.map(
      (r) =>
        `${r.requesterName} asks for ${r.leadName ?? 'a client'}: ${r.floorLabel} at ${r.marginBps} bps against the floor of ${Number(r.floorBps)} bps${r.gbpPerYear ? ` (${formatGBP(r.gbpPerYear)} a year at the stated volume)` : ''} — “${r.reason}”`,
    );
    const subject =
      rows.length === 1
        ? 'A margin below the floor waits for your approval'
        : `${rows.length} margins below the floor wait for your approval`;
    for (const admin of admins) {
      // An admin is not asked to decide their own request; another admin is.
      const theirs = rows.map((r, i) => (r.requestedBy === admin ? null : lines[i])).filter(Boolean) as string[];
      if (theirs.length === 0) continue;
      await enqueueEmailToMember(trx, admin, {
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
