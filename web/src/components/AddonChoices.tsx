import { formatGBP } from '@pippitch/shared/format';
import { ADDON_PRICES, ADDONS, type AddonKey, type Billing } from '@pippitch/shared/pricing';

/** An add-on's price per seat for the plan's billing: '£X per seat per year' or '£Y per seat per month'. */
export function addonSeatPrice(billing: Billing): string {
  return billing === 'annual'
    ? `${formatGBP(ADDON_PRICES.annualPerSeatPerYear)} per seat per year`
    : `${formatGBP(ADDON_PRICES.monthlyPerSeatPerMonth)} per seat per month`;
}

/** Each add-on as a checkbox with its price per seat (signup's plan step, checkout); `after` follows the price. */
export function AddonChoices({
  billing,
  value,
  onChange,
  after = '',
}: {
  billing: Billing;
  value: Record<AddonKey, boolean>;
  onChange(addons: Record<AddonKey, boolean>): void;
  after?: string;
}) {
  return ADDONS.map((addon) => (
    <label key={addon.key} className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4"
        checked={value[addon.key]}
        onChange={(e) => onChange({ ...value, [addon.key]: e.target.checked })}
      />
      <span>
        <span className="font-medium">{addon.name}</span>
        <span className="block text-slate-600">
          {addonSeatPrice(billing)}
          {after}
        </span>
      </span>
    </label>
  ));
}
