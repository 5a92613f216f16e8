import { formatGBP } from '@pippitch/shared/format';
import {
  ADDON_PRICES,
  ADDONS,
  ANNUAL_DISCOUNT_PERCENTAGE,
  type Billing,
  SEAT_TIERS,
  tierPrices,
  VAT_PERCENTAGE,
} from '@pippitch/shared/pricing';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Segmented } from '../../components/Segmented';
import { buttonClass } from '../../components/ui';
import { useHydrated } from '../../lib/hydrated';

const ADDON_BLURBS = {
  companyFinder: 'Find UK companies similar to the client you just pitched, and keep a lead pipeline.',
  clientData: 'Monthly PDF reports of your team’s client activity, sent automatically.',
} as const;

/**
 * The three seat tiers and two add-ons with a Monthly/Annually toggle; figures come from shared pricing. `heading`
 * is the tiers' heading level: h2 under the /pricing page's h1, h3 under the landing page's pricing section.
 */
export function PricingTable({ heading = 'h3' }: { heading?: 'h2' | 'h3' }) {
  const Heading = heading;
  const [billing, setBilling] = useState<Billing>('monthly');
  const hydrated = useHydrated();
  return (
    <div>
      <Segmented<Billing>
        legend="Billing period"
        className="mx-auto w-fit"
        disabled={!hydrated}
        value={billing}
        onChange={setBilling}
        options={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'annual', label: `Annually (save ${ANNUAL_DISCOUNT_PERCENTAGE}%)` },
        ]}
      />
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {SEAT_TIERS.map((tier, i) => {
          const prices = tierPrices(tier);
          const perMonth = billing === 'monthly' ? prices.monthlyPerSeat : prices.annualPerSeatPerMonth;
          return (
            <div
              key={tier.name}
              className={`rounded-2xl border bg-white p-6 shadow-sm ${i === 1 ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
            >
              <Heading className="text-lg font-semibold">{tier.name}</Heading>
              <p className="text-sm text-slate-600">
                {tier.maxSeats ? `${tier.minSeats}–${tier.maxSeats} seats` : `${tier.minSeats}+ seats`}
                {tier.discountPercentage > 0 && ` · ${tier.discountPercentage}% off`}
              </p>
              <p className="mt-4 text-3xl font-bold">
                {formatGBP(perMonth)}
                <span className="text-base font-medium text-slate-500"> /seat/month</span>
              </p>
              <p className="text-xs text-slate-500">
                {billing === 'annual'
                  ? `${formatGBP(prices.annualPerSeatPerYear)} per seat, billed yearly`
                  : 'Billed monthly'}{' '}
                · ex VAT
              </p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                <li>✓ Live FX rates and savings calculator</li>
                <li>✓ Historical rate charts since Sept 2024</li>
                <li>✓ Team dashboard and Salesforce export</li>
              </ul>
              <Link to="/signup" search={{ plan: billing }} className={`mt-6 w-full ${buttonClass()}`}>
                Start Free Trial
              </Link>
            </div>
          );
        })}
      </div>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {ADDONS.map((addon) => (
          <div key={addon.key} className="rounded-2xl border border-slate-200 bg-white p-5">
            <div className="flex items-baseline justify-between gap-2">
              <Heading className="font-semibold">{addon.name}</Heading>
              <span className="text-sm font-semibold text-brand-800">
                {billing === 'monthly'
                  ? `${formatGBP(ADDON_PRICES.monthlyPerSeatPerMonth)}/seat/month`
                  : `${formatGBP(ADDON_PRICES.annualPerSeatPerMonth)}/seat/month, billed yearly`}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600">{ADDON_BLURBS[addon.key]}</p>
          </div>
        ))}
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        60-day free trial, no card needed. Prices exclude VAT ({VAT_PERCENTAGE}%).
      </p>
    </div>
  );
}
