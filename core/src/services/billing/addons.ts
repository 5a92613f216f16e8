import type { AddonKey } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import type { ChangeResult } from '../../providers/payments/types';
import { updateBilledCompany } from '../../queries/billing/company';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { seatPriceColumns } from '../company/seat-prices';
import type { BillingDeps } from './deps';
import { confirmPlanChangeIn, type PlanChangeQuote, type PlanConfirmation, previewPlanChangeIn } from './plan-change';
import { lockBilledCompany, syncSubscription } from './sync';

const COLUMN: Record<AddonKey, 'companyFinderEnabled' | 'clientDataEnabled'> = {
  companyFinder: 'companyFinderEnabled',
  clientData: 'clientDataEnabled',
};

export const ADDON_MESSAGES = {
  notLive: 'Add-ons can be changed on an active subscription.',
} as const;

export type AddonResult = ChangeResult | { status: 'confirm'; charge: PlanChangeQuote };

/**
 * Turns an add-on on or off (issue 11 §5, issue 20 §3–4). During the free trial add-ons are free: they are
 * switched at once and are on the plan the company chooses at checkout. On a paid plan adding one is a payment
 * step: the first call answers the provider's prorated amount, and only the call carrying that confirmation
 * charges it (the feature turns on when the provider reports it paid; a card that needs the customer gets the
 * page to pay on). Removing one takes it off the subscription, without a refund for the current period.
 */
export async function setAddon(
  db: Database,
  actor: Actor,
  { addon, enabled, confirmation }: { addon: AddonKey; enabled: boolean; confirmation?: PlanConfirmation | undefined },
  deps: BillingDeps,
): Promise<AddonResult> {
  const { provider, now, appUrl } = deps;
  const scope = scopeOf(actor);
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, scope);
    if (company.subscriptionStatus === 'trialing' && !company.accountLocked) {
      if (company[COLUMN[addon]] === enabled) return { status: 'done' };
      const addons = { companyFinder: company.companyFinderEnabled, clientData: company.clientDataEnabled };
      addons[addon] = enabled;
      await updateBilledCompany(trx, scope, {
        ...seatPriceColumns(company.adminSeats, company.brokerSeats, addons),
        company_finder_enabled: addons.companyFinder,
        client_data_enabled: addons.clientData,
        updated_at: now,
      });
      return { status: 'done' };
    }
    if (!company.stripeSubscriptionId || !['active', 'past_due'].includes(company.subscriptionStatus)) {
      throw badRequest(ADDON_MESSAGES.notLive);
    }
    if (company[COLUMN[addon]] === enabled) return { status: 'done' };
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    if (enabled) {
      const plan = {
        adminSeats: company.adminSeats,
        brokerSeats: company.brokerSeats,
        billing: company.subscriptionType === 'annual' ? ('annual' as const) : ('monthly' as const),
        addons: {
          companyFinder: company.companyFinderEnabled,
          clientData: company.clientDataEnabled,
          [addon]: true,
        },
      };
      if (!confirmation) return { status: 'confirm', charge: await previewPlanChangeIn(trx, actor, plan, deps) };
      return confirmPlanChangeIn(trx, actor, { ...plan, confirmation }, deps);
    }
    const result = await provider.changeSubscription(company.stripeSubscriptionId, {
      addons: { [addon]: false },
      charge: 'next_period',
    });
    if (result.status === 'done') await syncSubscription(trx, scope, { provider, now, appUrl });
    return result;
  });
}
