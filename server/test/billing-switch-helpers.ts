import { Dec } from '@pippitch/shared/decimal';
import { type Billing, quote } from '@pippitch/shared/pricing';
import type { TestApp } from './helpers';

// Shared by billing-switch.test.ts (Stripe) and billing-switch-test-mode.test.ts; companyRow and sent by
// billing-test-mode.test.ts too.

const DAY = 86_400_000;
export const ADDONS = { companyFinder: true, clientData: false };
export type Obj = Record<string, unknown>;

export const pence = (plan: { adminSeats: number; brokerSeats: number; billing: Billing }) =>
  new Dec(quote({ ...plan, addons: ADDONS }).total).times(100).toNumber();

/** Sessions last 7 days on the clock: moved with it, as a customer signing in again would. */
export async function setClock(h: TestApp, iso: string) {
  h.clock.now = new Date(iso);
  await h.t.db
    .updateTable('sessions')
    .set({ expires_at: new Date(h.clock.now.getTime() + 7 * DAY) })
    .execute();
}
export const companyRow = (h: TestApp, id: string) =>
  h.t.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The text of each e-mail of a template queued for the company's admins. */
export async function sent(h: TestApp, companyId: string, template: string): Promise<string[]> {
  const rows = await h.t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('company_id', '=', companyId)
    .where('template', '=', template)
    .execute();
  return rows.map((r) => r.text_body);
}
