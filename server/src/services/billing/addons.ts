import type { AddonKey } from '@pippitch/shared/pricing';
import type { Database } from '@pippitch/sql';
import { badRequest, unavailable } from '../../errors';
import type { ChangeResult, PaymentProvider } from '../../providers/payments/types';
import type { Actor } from '../actor';
import { lockBilledCompany, syncSubscription } from './sync';

const COLUMN: Record<AddonKey, 'company_finder_enabled' | 'client_data_enabled'> = {
  companyFinder: 'company_finder_enabled',
  clientData: 'client_data_enabled',
};

export const ADDON_MESSAGES = {
  trial:
    'During the free trial your add-ons stay as chosen at signup. You can change them once your subscription starts.',
  notLive: 'Add-ons can be changed on an active subscription.',
} as const;

/**
 * Turns an add-on on or off on a paid plan (issue 11 §5). Adding charges the prorated amount at once and the
 * feature turns on only when the provider reports it paid (a card that needs the customer gets the page to pay
 * on); removing takes it off the subscription, without a refund for the current period.
 */
export async function setAddon(
  db: Database,
  provider: PaymentProvider | null,
  actor: Actor,
  addon: AddonKey,
  enabled: boolean,
  now: Date,
  appUrl: string,
): Promise<ChangeResult> {
  return db.transaction().execute(async (trx) => {
    const company = await lockBilledCompany(trx, actor.companyId);
    if (company.subscription_status === 'trialing') throw badRequest(ADDON_MESSAGES.trial);
    if (!company.stripe_subscription_id || !['active', 'past_due'].includes(company.subscription_status)) {
      throw badRequest(ADDON_MESSAGES.notLive);
    }
    if (company[COLUMN[addon]] === enabled) return { status: 'done' };
    if (!provider) throw unavailable('Online billing is not available right now. Please try again later.');
    const result = await provider.changeSubscription(company.stripe_subscription_id, {
      addons: { [addon]: enabled },
      charge: enabled ? 'now' : 'next_period',
    });
    if (result.status === 'done') await syncSubscription(trx, provider, company.id, now, appUrl);
    return result;
  });
}
