import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';

/**
 * The billing e-mails told to a company (`billing_notices`, one row per kind and ref) and who they go to, always
 * the scope's company.
 */

/** Records the notice as sent now; false when it was already (the row exists: nothing is to be sent again). */
export async function insertNoticeOnce(
  trx: Database,
  scope: Scope,
  notice: { kind: string; ref: string; now: Date },
): Promise<boolean> {
  const fresh = await trx
    .insertInto('billing_notices')
    .values({ company_id: scope.companyId, kind: notice.kind, ref: notice.ref, sent_at: notice.now })
    .onConflict((oc) => oc.columns(['company_id', 'kind', 'ref']).doNothing())
    .returning('kind')
    .executeTakeFirst();
  return fresh !== undefined;
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

/** The addresses of the company's active admins: who billing e-mails go to. */
export async function activeAdminEmails(trx: Database, scope: Scope): Promise<string[]> {
  const rows = await trx
    .selectFrom('user_profiles')
    .select('email')
    .where('company_id', '=', scope.companyId)
    .where('role_type', 'in', ['admin', 'super_admin'])
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.email);
}
