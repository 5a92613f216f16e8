import { Dec } from '@pippitch/shared/decimal';
import {
  ADDON_PRICES,
  ADDONS,
  type AddonKey,
  type Billing,
  SEAT_TIERS,
  tierPrices,
  VAT_PERCENTAGE,
} from '@pippitch/shared/pricing';
import type Stripe from 'stripe';

/**
 * The prices Stripe charges, derived from shared/src/pricing.ts — the module every page quotes from — so the
 * product cannot show one figure and charge another. Each price's lookup key carries its amounts: change a
 * price in pricing.ts and a new Stripe price is created at start (Stripe prices are immutable); existing
 * subscriptions keep theirs until changed.
 */
export interface PriceSpec {
  lookupKey: string;
  product: { id: string; name: string };
  interval: 'month' | 'year';
  /** Volume tiers on the subscription item's quantity (total seats), in pence. */
  tiers?: { upTo: number | 'inf'; unitAmount: number }[];
  unitAmount?: number;
}

export interface Catalog {
  seat: Record<Billing, string>;
  addons: Record<AddonKey, Record<Billing, string>>;
  vatRate: string;
}

const pence = (pounds: string) => new Dec(pounds).times(100).toNumber();
const INTERVAL: Record<Billing, 'month' | 'year'> = { monthly: 'month', annual: 'year' };

export const SEAT_PRODUCT = { id: 'pippitch_seat', name: 'PipPitch seat' };
export const ADDON_PRODUCTS: Record<AddonKey, { id: string; name: string }> = Object.fromEntries(
  ADDONS.map((a) => [a.key, { id: `pippitch_addon_${a.key}`, name: a.name }]),
) as Record<AddonKey, { id: string; name: string }>;

export function seatPriceSpec(billing: Billing): PriceSpec {
  const tiers = SEAT_TIERS.map((t) => ({
    upTo: t.maxSeats ?? ('inf' as const),
    unitAmount: pence(billing === 'monthly' ? t.pricePerSeat : tierPrices(t).annualPerSeatPerYear),
  }));
  const amounts = tiers.map((t) => `${t.upTo}-${t.unitAmount}`).join('_');
  return {
    lookupKey: `pippitch_seat_${billing}_${amounts}`,
    product: SEAT_PRODUCT,
    interval: INTERVAL[billing],
    tiers,
  };
}

export function addonPriceSpec(addon: AddonKey, billing: Billing): PriceSpec {
  const unitAmount = pence(
    billing === 'monthly' ? ADDON_PRICES.monthlyPerSeatPerMonth : ADDON_PRICES.annualPerSeatPerYear,
  );
  return {
    lookupKey: `pippitch_addon_${addon}_${billing}_${unitAmount}`,
    product: ADDON_PRODUCTS[addon],
    interval: INTERVAL[billing],
    unitAmount,
  };
}

/** Which add-on a price is for, from its product id (null: the seat price or something not ours). */
export function addonOfProduct(productId: string): AddonKey | null {
  const found = ADDONS.find((a) => ADDON_PRODUCTS[a.key].id === productId);
  return found?.key ?? null;
}

const VAT_METADATA_KEY = 'pippitch_tax_rate';
const VAT_METADATA_VALUE = `uk_vat_${VAT_PERCENTAGE}`;

/** Creates whatever of the catalog Stripe lacks, and returns every id. Safe to run at every start. */
export async function ensureCatalog(stripe: Stripe): Promise<Catalog> {
  const specs = [
    ...(['monthly', 'annual'] as const).map((b) => seatPriceSpec(b)),
    ...ADDONS.flatMap((a) => (['monthly', 'annual'] as const).map((b) => addonPriceSpec(a.key, b))),
  ];
  for (const product of [SEAT_PRODUCT, ...Object.values(ADDON_PRODUCTS)]) await ensureProduct(stripe, product);
  const existing = await stripe.prices.list({ lookup_keys: specs.map((s) => s.lookupKey), limit: 100 });
  const ids = new Map(existing.data.map((p) => [p.lookup_key, p.id]));
  for (const spec of specs) {
    if (!ids.has(spec.lookupKey)) ids.set(spec.lookupKey, (await createPrice(stripe, spec)).id);
  }
  const id = (spec: PriceSpec) => ids.get(spec.lookupKey) as string;
  return {
    seat: { monthly: id(seatPriceSpec('monthly')), annual: id(seatPriceSpec('annual')) },
    addons: Object.fromEntries(
      ADDONS.map((a) => [
        a.key,
        { monthly: id(addonPriceSpec(a.key, 'monthly')), annual: id(addonPriceSpec(a.key, 'annual')) },
      ]),
    ) as Catalog['addons'],
    vatRate: await ensureVatRate(stripe),
  };
}

async function ensureProduct(stripe: Stripe, product: { id: string; name: string }): Promise<void> {
  try {
    await stripe.products.retrieve(product.id);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    // Two processes starting together both find it missing: the same idempotency key makes them one create.
    await stripe.products.create(
      { id: product.id, name: product.name, tax_code: 'txcd_10103001' },
      { idempotencyKey: `pippitch-product-${product.id}` },
    );
  }
}

function createPrice(stripe: Stripe, spec: PriceSpec): Promise<Stripe.Price> {
  const common = {
    currency: 'gbp',
    product: spec.product.id,
    lookup_key: spec.lookupKey,
    recurring: { interval: spec.interval },
    // VAT is added on top (an exclusive tax rate): the prices we show are ex-VAT.
    tax_behavior: 'exclusive' as const,
  };
  // Keyed by the lookup key, so processes starting together create one price (Stripe keeps keys for 24 h).
  const once = { idempotencyKey: `pippitch-price-${spec.lookupKey}` };
  if (spec.tiers) {
    return stripe.prices.create(
      {
        ...common,
        billing_scheme: 'tiered',
        tiers_mode: 'volume',
        tiers: spec.tiers.map((t) => ({ up_to: t.upTo, unit_amount: t.unitAmount })),
      },
      once,
    );
  }
  return stripe.prices.create({ ...common, unit_amount: spec.unitAmount as number }, once);
}

async function ensureVatRate(stripe: Stripe): Promise<string> {
  const rates = await stripe.taxRates.list({ active: true, limit: 100 });
  const found = rates.data.find((r) => r.metadata?.[VAT_METADATA_KEY] === VAT_METADATA_VALUE);
  if (found) return found.id;
  const created = await stripe.taxRates.create(
    {
      display_name: 'VAT',
      percentage: VAT_PERCENTAGE,
      inclusive: false,
      country: 'GB',
      jurisdiction: 'GB',
      metadata: { [VAT_METADATA_KEY]: VAT_METADATA_VALUE },
    },
    { idempotencyKey: `pippitch-tax-rate-${VAT_METADATA_VALUE}` },
  );
  return created.id;
}
