import type { AddonKey, Billing } from '@pippitch/shared/pricing';

export interface Choice {
  adminSeats: number;
  brokerSeats: number;
  billing: Billing;
  addons: Record<AddonKey, boolean>;
}

const CHOICE_KEY = 'pippitch.checkout.choice';

/** The order as chosen, kept for this tab while the customer is on the payment page. */
export function rememberChoice(choice: Choice): void {
  try {
    sessionStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // Storage unavailable (private mode): coming back shows the stored plan instead.
  }
}

export function rememberedChoice(): Choice | null {
  try {
    const raw = sessionStorage.getItem(CHOICE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Choice) : null;
    return parsed && typeof parsed.adminSeats === 'number' && parsed.addons ? parsed : null;
  } catch {
    return null;
  }
}

/** What /checkout needs of the company's plan on record (company.summary's fields). */
export interface PlanOnRecord {
  adminSeats: number;
  brokerSeats: number;
  activeAdmins: number;
  activeBrokers: number;
  billingPeriod: string | null;
  companyFinderEnabled: boolean;
  clientDataEnabled: boolean;
}

/** The order /checkout starts from: the plan on record, never fewer seats than are in use (nor no admin seat). */
export function choiceOfPlan(plan: PlanOnRecord): Choice {
  return {
    adminSeats: Math.max(plan.adminSeats, plan.activeAdmins, 1),
    brokerSeats: Math.max(plan.brokerSeats, plan.activeBrokers),
    billing: plan.billingPeriod === 'annual' ? 'annual' : 'monthly',
    addons: { companyFinder: plan.companyFinderEnabled, clientData: plan.clientDataEnabled },
  };
}
