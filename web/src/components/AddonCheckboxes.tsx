import { formatGBP } from '@pippitch/shared/format';
import { ADDON_PRICES, ADDONS, type AddonKey, type Billing } from '@pippitch/shared/pricing';

/**
 * The add-ons as checkboxes, each with its price for the billing period (sign-up's plan step and /checkout);
 * `after` follows the price (sign-up says when it is charged).
 */
export function AddonCheckboxes({
  addons,
  billing,
  onChange,
  after,
}: {
  addons: Record<AddonKey, boolean>;
  billing: Billing;
  onChange: (addons: Record<AddonKey, boolean>) => void;
  after?: string;
}) {
  return ADDONS.map((addon) => (
    <label key={addon.key} className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4"
        checked={addons[addon.key]}
        onChange={(e) => onChange({ ...addons, [addon.key]: e.target.checked })}
      />
      <span>
        <span className="font-medium">{addon.name}</span>
        <span className="block text-slate-600">
          {billing === 'annual'
            ? `${formatGBP(ADDON_PRICES.annualPerSeatPerYear)} per seat per year`
            : `${formatGBP(ADDON_PRICES.monthlyPerSeatPerMonth)} per seat per month`}
          {after && ` ${after}`}
        </span>
      </span>
    </label>
  ));
}
