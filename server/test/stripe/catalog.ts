/** The local Stripe's catalogue: products, prices (per unit or in volume tiers) and tax rates. */
import { fixture, list, type Obj, type Route, StripeApiError, type World } from './world';

export function catalogRoutes(world: World): Route[] {
  const { products, prices, taxRates, newId, get } = world;
  return [
    ['GET', /^\/v1\/products\/([^/]+)$/, ([, id]) => get(products, id as string, 'product')],
    [
      'POST',
      /^\/v1\/products$/,
      (_m, body) => {
        const id = (body.id as string) ?? newId('prod');
        if (products.has(id)) throw new StripeApiError(400, `Product already exists.`, 'resource_already_exists');
        const product = {
          ...fixture('product'),
          id,
          name: body.name,
          metadata: body.metadata ?? {},
          tax_code: body.tax_code ?? null,
        };
        products.set(id, product);
        return product;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, _b, query) => {
        const keys = query
          .getAll('lookup_keys[]')
          .concat([...query.keys()].filter((k) => /^lookup_keys\[\d+\]$/.test(k)).map((k) => query.get(k) as string));
        return list(
          [...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string)),
          '/v1/prices',
        );
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (_m, body) => {
        get(products, body.product as string, 'product');
        const tiers = (body.tiers as Obj[] | undefined)?.map((t) => ({
          up_to: t.up_to === 'inf' ? null : Number(t.up_to),
          unit_amount: Number(t.unit_amount),
          unit_amount_decimal: String(t.unit_amount),
          flat_amount: null,
          flat_amount_decimal: null,
        }));
        const price = {
          ...fixture('price'),
          id: newId('price'),
          currency: body.currency,
          product: body.product,
          lookup_key: body.lookup_key ?? null,
          recurring: {
            ...(fixture('price').recurring as Obj),
            interval: (body.recurring as Obj).interval,
          },
          tax_behavior: body.tax_behavior ?? 'unspecified',
          billing_scheme: body.billing_scheme ?? 'per_unit',
          tiers_mode: body.tiers_mode ?? null,
          tiers: tiers ?? null,
          unit_amount: body.unit_amount === undefined ? null : Number(body.unit_amount),
          unit_amount_decimal: body.unit_amount === undefined ? null : String(body.unit_amount),
          transform_quantity: null,
        };
        prices.set(price.id, price);
        return price;
      },
    ],
    ['GET', /^\/v1\/tax_rates$/, () => list([...taxRates.values()], '/v1/tax_rates')],
    [
      'POST',
      /^\/v1\/tax_rates$/,
      (_m, body) => {
        const rate = {
          ...fixture('tax_rate'),
          id: newId('txr'),
          display_name: body.display_name,
          percentage: Number(body.percentage),
          inclusive: body.inclusive === 'true',
          country: body.country ?? null,
          jurisdiction: body.jurisdiction ?? null,
          metadata: body.metadata ?? {},
          active: true,
        };
        taxRates.set(rate.id, rate);
        return rate;
      },
    ],
  ];
}
