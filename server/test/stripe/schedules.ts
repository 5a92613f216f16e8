/**
 * The local Stripe's subscription schedules (https://docs.stripe.com/api/subscription_schedules): created from a
 * subscription (`from_subscription`, nothing else in that call, as Stripe requires), phases written by update
 * (the current phase's start may not move), released, and carried out when the subscription's period ends: the
 * next phase's items and metadata become the subscription's, and after the last phase the schedule completes and
 * lets the subscription go (end_behavior 'release'). A subscription a schedule manages refuses a direct change of
 * its cancellation, as Stripe's does. Objects carry the fields of Stripe's subscription_schedule object.
 */
import type Stripe from 'stripe';

type Obj = Record<string, unknown>;
type Route = [string, RegExp, (m: RegExpMatchArray, body: Obj, query: URLSearchParams) => Obj];

export interface StripeWorld {
  subscriptions: Map<string, Obj>;
  prices: Map<string, Obj>;
  taxRates: Map<string, Obj>;
  newId(prefix: string): string;
  raise(type: string, object: Obj, now: Date): Stripe.Event;
  get<T>(map: Map<string, T>, id: string, what: string): T;
  /** Answers the request with Stripe's error (throws). */
  fail(status: number, message: string, code: string): never;
  subscriptionItem(sub: Obj, fields: Obj): Obj;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const OPEN = ['active', 'not_started'];

function addInterval(fromUnix: number, interval: string, count: number): number {
  const d = new Date(fromUnix * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else d.setUTCDate(d.getUTCDate() + count);
  return unix(d);
}

export function scheduleApi(world: StripeWorld) {
  const schedules = new Map<string, Obj>();
  const { get, fail, raise } = world;

  const phaseItem = (item: { price: Obj; quantity: number; tax_rates: Obj[] }) => ({
    billing_thresholds: null,
    discounts: [],
    metadata: {},
    plan: item.price.id,
    price: item.price.id,
    quantity: item.quantity,
    tax_rates: item.tax_rates,
  });

  function phase(items: Obj[], start: number, end: number, metadata: Obj, proration: string): Obj {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      billing_thresholds: null,
      collection_method: null,
      currency: 'gbp',
      default_payment_method: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      end_date: end,
      invoice_settings: null,
      items,
      metadata,
      on_behalf_of: null,
      proration_behavior: proration,
      start_date: start,
      transfer_data: null,
      trial_end: null,
    };
  }

  const openSchedule = (id: string) => {
    const schedule = get(schedules, id, 'subscription_schedule');
    if (!OPEN.includes(schedule.status as string)) {
      fail(
        400,
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        'subscription_schedule_invalid_status',
      );
    }
    return schedule;
  };

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/subscription_schedules$/,
      (_m, body) => {
        const subId = body.from_subscription as string | undefined;
        if (!subId) return fail(400, 'This test server only creates schedules from_subscription.', 'parameter_missing');
        for (const other of ['phases', 'end_behavior', 'metadata', 'start_date', 'default_settings']) {
          if (body[other] !== undefined) {
            fail(400, `You cannot set \`${other}\` if \`from_subscription\` is set.`, 'parameter_invalid');
          }
        }
        const sub = get(world.subscriptions, subId, 'subscription');
        if (sub.schedule) {
          fail(400, 'You cannot migrate a subscription that is already attached to a schedule.', 'parameter_invalid');
        }
        if (sub.status === 'canceled') fail(400, 'You cannot migrate a canceled subscription.', 'parameter_invalid');
        const items = (sub.items as { data: Obj[] }).data;
        const start = (items[0] as Obj).current_period_start as number;
        const end = (items[0] as Obj).current_period_end as number;
        const now = new Date();
        const schedule: Obj = {
          id: world.newId('sub_sched'),
          object: 'subscription_schedule',
          application: null,
          canceled_at: null,
          completed_at: null,
          created: unix(now),
          current_phase: { start_date: start, end_date: end },
          customer: sub.customer,
          default_settings: { collection_method: 'charge_automatically', default_payment_method: null },
          end_behavior: 'release',
          livemode: false,
          metadata: {},
          phases: [
            phase(
              items.map((i) => phaseItem(i as { price: Obj; quantity: number; tax_rates: Obj[] })),
              start,
              end,
              { ...(sub.metadata as Obj) },
              'create_prorations',
            ),
          ],
          released_at: null,
          released_subscription: null,
          status: 'active',
          subscription: sub.id,
          test_clock: null,
        };
        schedules.set(schedule.id as string, schedule);
        sub.schedule = schedule.id;
        raise('subscription_schedule.created', schedule, now);
        return schedule;
      },
    ],
    [
      'GET',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      ([, id]) => get(schedules, id as string, 'subscription_schedule'),
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      ([, id]) => {
        const schedule = openSchedule(id as string);
        const now = new Date();
        const sub = get(world.subscriptions, schedule.subscription as string, 'subscription');
        sub.schedule = null;
        Object.assign(schedule, {
          status: 'released',
          released_at: unix(now),
          released_subscription: sub.id,
          subscription: null,
        });
        raise('subscription_schedule.released', schedule, now);
        return schedule;
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      ([, id], body) => {
        const schedule = openSchedule(id as string);
        const now = new Date();
        if (body.phases) {
          const current = schedule.current_phase as { start_date: number; end_date: number } | null;
          const given = body.phases as Obj[];
          let start = Number(given[0]?.start_date ?? current?.start_date);
          if (current && start !== current.start_date) {
            fail(400, 'You can not modify the start date of the current phase.', 'parameter_invalid');
          }
          schedule.phases = given.map((p) => {
            const items = ((p.items as Obj[] | undefined) ?? []).map((item) =>
              phaseItem({
                price: get(world.prices, item.price as string, 'price'),
                quantity: Number(item.quantity ?? 1),
                tax_rates: ((item.tax_rates as string[] | undefined) ?? []).map((t) =>
                  get(world.taxRates, t, 'tax rate'),
                ),
              }),
            );
            if (items.length === 0) fail(400, 'Each phase needs at least one item.', 'parameter_missing');
            const firstPrice = get(world.prices, (items[0] as Obj).price as string, 'price');
            const duration = p.duration as { interval: string; interval_count?: string } | undefined;
            const end =
              p.end_date !== undefined
                ? Number(p.end_date)
                : duration
                  ? addInterval(start, duration.interval, Number(duration.interval_count ?? 1))
                  : addInterval(start, (firstPrice.recurring as Obj).interval as string, 1);
            if (!(end > start)) fail(400, 'A phase must end after it starts.', 'parameter_invalid');
            const made = phase(
              items,
              start,
              end,
              (p.metadata as Obj | undefined) ?? {},
              (p.proration_behavior ?? body.proration_behavior ?? 'create_prorations') as string,
            );
            start = end;
            return made;
          });
        }
        if (body.end_behavior) schedule.end_behavior = body.end_behavior;
        if (body.metadata) schedule.metadata = { ...(schedule.metadata as Obj), ...(body.metadata as Obj) };
        raise('subscription_schedule.updated', schedule, now);
        return schedule;
      },
    ],
  ];

  return {
    routes,
    schedules,
    /** The subscription as retrieved with `expand: ['schedule']`. */
    expanded(sub: Obj): Obj {
      return sub.schedule ? { ...sub, schedule: get(schedules, sub.schedule as string, 'subscription_schedule') } : sub;
    },
    /** Stripe's refusal of a cancellation change on a subscription its schedule manages. */
    refuseManagedCancellation(sub: Obj): void {
      if (!sub.schedule) return;
      fail(
        400,
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        'parameter_invalid',
      );
    },
    /** The subscription was cancelled: its schedule ends with it. */
    canceled(sub: Obj, now: Date): Stripe.Event[] {
      const schedule = sub.schedule ? schedules.get(sub.schedule as string) : undefined;
      if (!schedule || !OPEN.includes(schedule.status as string)) return [];
      Object.assign(schedule, { status: 'canceled', canceled_at: unix(now) });
      return [raise('subscription_schedule.canceled', schedule, now)];
    },
    /**
     * The subscription's period ends at `end`: the phase starting then becomes the subscription's (its items, its
     * metadata), or, when the last phase has ended, the schedule completes and releases the subscription.
     */
    atPeriodEnd(sub: Obj, end: number, now: Date): Stripe.Event[] {
      const schedule = sub.schedule ? schedules.get(sub.schedule as string) : undefined;
      if (!schedule || !OPEN.includes(schedule.status as string)) return [];
      const next = (schedule.phases as Obj[]).find((p) => p.start_date === end);
      if (next) {
        const list = sub.items as { data: Obj[] };
        const productOf = (price: Obj) => price.product as string;
        list.data = (next.items as Obj[]).map((item) => {
          const price = get(world.prices, item.price as string, 'price');
          const kept = list.data.find((i) => productOf(i.price as Obj) === productOf(price));
          return world.subscriptionItem(sub, {
            ...(kept && { id: kept.id }),
            price,
            quantity: item.quantity,
            tax_rates: item.tax_rates,
          });
        });
        sub.metadata = { ...(sub.metadata as Obj), ...(next.metadata as Obj) };
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
        return [raise('subscription_schedule.updated', schedule, now)];
      }
      // end_behavior 'release' (the only one the product writes): the subscription goes on as it is.
      sub.schedule = null;
      Object.assign(schedule, {
        status: 'completed',
        completed_at: unix(now),
        current_phase: null,
        released_subscription: sub.id,
      });
      return [raise('subscription_schedule.completed', schedule, now)];
    },
  };
}
