import type { Database } from '@pippitch/sql';
import { insertOnce } from '../insert-once';
import type { Scope } from '../scope';

/**
 * The billing e-mails told to a company (`billing_notices`, one row per kind and ref), always the scope's company.
 * They go to its active admins (team/members.ts `activeAdmins`).
 */

/** Records the notice as sent now; false when it was already (the row exists: nothing is to be sent again). */
export async function insertNoticeOnce(
  trx: Database,
  scope: Scope,
  notice: { kind: string; ref: string; now: Date },
): Promise<boolean> {
  return insertOnce(
    trx,
    'billing_notices',
    { company_id: scope.companyId, kind: notice.kind, ref: notice.ref, sent_at: notice.now },
    ['company_id', 'kind', 'ref'],
  );
}

/** How many notices of `kind` the company has been sent. */
export async function countNotices(trx: Database, scope: Scope, kind: string): Promise<number> {
  const row = await trx
    .selectFrom('billing_notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', scope.companyId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
