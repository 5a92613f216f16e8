import type { Database, DB } from '@pippitch/sql';
import { type Selectable, type SelectExpression, type SelectType, sql } from 'kysely';
import { STORED_BROKER } from '../../services/stored-role';
import type { Scope } from '../scope';

/**
 * The company's own row (`companies`) and the rows hung on it, always the scope's company: the company id comes
 * only from the scope, so no caller can read or lock another company's row.
 */

/** A column (or expression) of `companies` a caller may ask for. */
export type CompanyColumn = SelectExpression<DB, 'companies'>;

/** These columns of the scope's company row, or undefined. Inside a transaction that locked the row, pass that. */
export function readCompanyColumns<C extends CompanyColumn>(db: Database, scope: Scope, columns: readonly C[]) {
  return db.selectFrom('companies').select(columns).where('id', '=', scope.companyId).executeTakeFirst();
}

type CompanyRow = Selectable<DB['companies']>;

/** One column of the scope's company row. A scope is made for a company that exists, so a missing row throws. */
export async function readCompanyColumn<K extends keyof DB['companies'] & string>(
  db: Database,
  scope: Scope,
  column: K,
): Promise<SelectType<DB['companies'][K]>> {
  const row = await db
    .selectFrom('companies')
    // Kysely cannot name the type of a generic column's selection; a ref states it.
    .select(sql.ref<DB['companies'][K]>(column).as('value'))
    .where('id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The company's plan as both its summary and billing read it: who, which plan, its seats and add-ons. */
export interface CompanyPlanRecord {
  id: string;
  name: string;
  subscriptionStatus: string;
  subscriptionType: string;
  billingPeriod: string;
  trialEndsAt: Date | null;
  accountLocked: boolean;
  adminSeats: number;
  /** `junior_seats`: the broker seats. */
  brokerSeats: number;
  companyFinderEnabled: boolean;
  clientDataEnabled: boolean;
}

/** The `companies` columns of a CompanyPlanRecord. */
export const PLAN_COLUMNS = [
  'id',
  'name',
  'subscription_status',
  'subscription_type',
  'billing_period',
  'trial_ends_at',
  'account_locked',
  'admin_seats',
  'junior_seats',
  'company_finder_enabled',
  'client_data_enabled',
] as const;

/** The one mapping from those columns to the record's words. */
export function planOf(c: Pick<CompanyRow, (typeof PLAN_COLUMNS)[number]>): CompanyPlanRecord {
  return {
    id: c.id,
    name: c.name,
    subscriptionStatus: c.subscription_status,
    subscriptionType: c.subscription_type,
    billingPeriod: c.billing_period,
    trialEndsAt: c.trial_ends_at,
    accountLocked: c.account_locked,
    adminSeats: c.admin_seats,
    brokerSeats: c.junior_seats,
    companyFinderEnabled: c.company_finder_enabled,
    clientDataEnabled: c.client_data_enabled,
  };
}

/** The company as its summary shows it (what /admin and /signup-success read), in the record's words. */
export interface CompanyRecord extends CompanyPlanRecord {
  domain: string;
  subscriptionActive: boolean;
  pricePerSeat: CompanyRow['price_per_month'];
  monthlyPrice: CompanyRow['subscription_price'];
  discountPercentage: number;
}

/** The one mapping from a `companies` row to the record's words. */
function companyOf(c: CompanyRow): CompanyRecord {
  return {
    ...planOf(c),
    domain: c.domain,
    subscriptionActive: c.subscription_active,
    pricePerSeat: c.price_per_month,
    monthlyPrice: c.subscription_price,
    discountPercentage: c.discount_percentage,
  };
}

/** The scope's company, or undefined. */
export async function readCompanyRecord(db: Database, scope: Scope): Promise<CompanyRecord | undefined> {
  const row = await db.selectFrom('companies').selectAll().where('id', '=', scope.companyId).executeTakeFirst();
  return row && companyOf(row);
}

/** Locks the scope's company row for the rest of the transaction; false when there is no such company. */
export async function lockCompanyRow(trx: Database, scope: Scope): Promise<boolean> {
  const row = await trx
    .selectFrom('companies')
    .select('id')
    .where('id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Admins and brokers counted by role (the stored words, in one place). */
export interface RoleCounts {
  admins: number;
  brokers: number;
}

/** The company's active members, by seat role. */
export async function countActiveMembersByRole(db: Database, scope: Scope): Promise<RoleCounts> {
  const row = await db
    .selectFrom('user_profiles')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', 'in', ['admin', 'super_admin']).as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', scope.companyId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return { admins: Number(row.admins), brokers: Number(row.brokers) };
}

/** The company's invitations still pending at `now` (each holds a seat), by seat role. */
export async function countPendingInvitationsByRole(db: Database, scope: Scope, now: Date): Promise<RoleCounts> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('role_type', '=', 'admin').as('admins'),
      eb.fn.countAll<string>().filterWhere('role_type', '=', STORED_BROKER).as('brokers'),
    ])
    .where('company_id', '=', scope.companyId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return { admins: Number(row.admins), brokers: Number(row.brokers) };
}
