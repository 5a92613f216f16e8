import { formatGBP } from '@pippitch/shared/format';
import { type PlanPrice, seatsText } from '@pippitch/shared/plan-price';
import {
  type AddonKey,
  ANNUAL_DISCOUNT_PERCENTAGE,
  type Billing,
  type Quote,
  TRIAL_DAYS,
} from '@pippitch/shared/pricing';
import { AddonChoices } from '../../components/AddonChoices';
import { Segmented } from '../../components/Segmented';
import { Stepper } from '../../components/Stepper';

export function PlanStep(props: {
  billing: Billing;
  adminSeats: number;
  brokerSeats: number;
  price: Quote;
  plan: PlanPrice;
  addons: Record<AddonKey, boolean>;
  onAddons(addons: Record<AddonKey, boolean>): void;
  onBilling(b: Billing): void;
  onAdminSeats(n: number): void;
  onBrokerSeats(n: number): void;
}) {
  const { price, plan } = props;
  return (
    <div className="space-y-5">
      <Segmented<Billing>
        legend="Billing"
        look="card"
        value={props.billing}
        onChange={props.onBilling}
        options={[
          { value: 'monthly', label: 'Monthly', hint: 'Pay month by month' },
          { value: 'annual', label: 'Annually', hint: `Save a further ${ANNUAL_DISCOUNT_PERCENTAGE}%` },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Stepper label="Admin seats" value={props.adminSeats} min={1} onChange={props.onAdminSeats} />
        <Stepper label="Broker seats" value={props.brokerSeats} min={0} onChange={props.onBrokerSeats} />
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Add-ons (free during the trial)</legend>
        <AddonChoices
          billing={props.billing}
          value={props.addons}
          onChange={props.onAddons}
          after=" after the trial; turn it on or off any time"
        />
      </fieldset>
      <div className="rounded-xl bg-slate-50 p-4 text-sm">
        <div className="flex justify-between">
          <span>
            {seatsText(plan.totalSeats)} × {formatGBP(plan.seatPerMonth)} per seat per month ({plan.tierName})
            {plan.addonCount > 0 &&
              `, add-ons ${formatGBP(plan.addonPerSeatPerPeriod)} per seat per ${plan.period} each`}
            , ex VAT
          </span>
          <span className="font-semibold">
            {formatGBP(plan.exVat)}/{plan.period}
          </span>
        </div>
        {plan.seatPerYear && (
          <div className="mt-1 flex justify-between text-slate-600">
            <span>
              Billed annually: {formatGBP(plan.seatPerYear)} per seat per year ({ANNUAL_DISCOUNT_PERCENTAGE}% off)
            </span>
            <span>{formatGBP(plan.perMonthExVat)}/month equivalent</span>
          </div>
        )}
        <div className="mt-1 flex justify-between text-slate-600">
          <span>Incl. VAT ({formatGBP(plan.vat)})</span>
          <span>
            {formatGBP(plan.inclVat)}/{plan.period}
          </span>
        </div>
        {price.cheaperWithOneMore && (
          <p className="mt-2 text-amber-800">Tip: one more seat moves you to a cheaper tier and lowers your total.</p>
        )}
        <p className="mt-3 text-slate-600">
          Free for {TRIAL_DAYS} days, no card needed; you choose whether to continue when the trial ends.
        </p>
      </div>
    </div>
  );
}
