import type { Database } from '@pippitch/sql';
import type { Scope } from '../scope';
import { insertScoped } from '../scoped-writes';

/**
 * A company's checkouts at the payment provider (`billing_checkouts`; issue 20 §1: at most one open, the
 * billing_checkouts_one_open index holds it), always the scope's company, but for the follow-up job's list.
 */

/** The company's open checkout, or undefined. */
export async function findOpenCheckout(
  trx: Database,
  scope: Scope,
): Promise<{ id: string; provider: string } | undefined> {
  return trx
    .selectFrom('billing_checkouts')
    .select(['id', 'provider'])
    .where('company_id', '=', scope.companyId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** Closes the company's open checkouts at `now` (or only the one named). */
export async function closeOpenCheckouts(trx: Database, scope: Scope, now: Date, id?: string): Promise<void> {
  let q = trx
    .updateTable('billing_checkouts')
    .set({ closed_at: now })
    .where('company_id', '=', scope.companyId)
    .where('closed_at', 'is', null);
  if (id !== undefined) q = q.where('id', '=', id);
  await q.execute();
}

/** Remembers a checkout the scope's member just started at the provider. */
export async function insertCheckout(
  trx: Database,
  scope: Scope,
  checkout: { id: string; provider: string; now: Date },
): Promise<void> {
  await insertScoped(trx, scope, 'billing_checkouts', {
    id: checkout.id,
    provider: checkout.provider,
    started_by: scope.userId,
    created_at: checkout.now,
  });
}

/**
 * Each company's newest checkout started within (from, to], of companies with no paid plan, across all companies:
 * the follow-up job's list, for no one member. It returns ids and names; each e-mail is then sent under the
 * company's `system:billing` scope.
 */
export async function listCheckoutsDueForFollowUp(
  db: Database,
  { from, to }: { from: Date; to: Date },
): Promise<{ id: string; companyId: string; companyName: string }[]> {
  const rows = await db
    .selectFrom('billing_checkouts as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .select(['b.id', 'b.company_id', 'c.name'])
    .where('b.created_at', '<=', to)
    .where('b.created_at', '>', from)
    .where('c.subscription_status', 'not in', ['active', 'past_due'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('billing_checkouts as newer')
            .select('newer.id')
            .whereRef('newer.company_id', '=', 'b.company_id')
            .whereRef('newer.created_at', '>', 'b.created_at'),
        ),
      ),
    )
    .execute();
  return rows.map((r) => ({ id: r.id, companyId: r.company_id, companyName: r.name }));
}
