/**
 * The desk sees a request (issue 32 §3): the dashboard's queue reads it at once, and the admins' e-mail is a job
 * queued in the request's transaction a few minutes ahead — one per company at a time, so requests asked meanwhile
 * join it (request-digest.ts). A request rolled back queues nothing.
 */
import type { Database } from '@pippitch/sql';
import { MARGIN_DIGEST_DELAY_SECONDS, marginRequestDigestJob } from '../../jobs/margin';
import { sendJob } from '../../jobs/send';
import type { Scope } from '../../queries/scope';
import type { ApprovalEntry } from './approvals';

export async function announceRequests(db: Database, scope: Scope, entries: ApprovalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await sendJob(
    db,
    marginRequestDigestJob,
    { companyId: scope.companyId },
    { startAfter: MARGIN_DIGEST_DELAY_SECONDS },
  );
}
