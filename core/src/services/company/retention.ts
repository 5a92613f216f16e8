import { DATA_KEPT_DAYS } from '@pippitch/shared/retention';
import type { Database } from '@pippitch/sql';
import { deleteCompaniesEndedBy } from '../../queries/companies/retention';

/**
 * Deletes every company whose access ended more than DATA_KEPT_DAYS ago and did not come back (design.md §3): the
 * company row, and with it (ON DELETE CASCADE) its members, sessions, calculations, leads, activity, invitations,
 * schedules, exports and CRM tokens. What must outlive it for the books (billing events, sent e-mails) keeps a
 * null company. One statement, so a company subscribing again at that moment is either deleted before or kept.
 */
export async function deleteExpiredCompanies(db: Database, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - DATA_KEPT_DAYS * 86_400_000);
  return deleteCompaniesEndedBy(db, cutoff);
}
