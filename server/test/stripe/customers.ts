/** The local Stripe's customers: created by the product before its first checkout. */
import { fixture, type Route, type World } from './world';

export function customerRoutes({ customers, newId }: World): Route[] {
  return [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, body) => {
        const customer = {
          ...fixture('customer'),
          id: newId('cus'),
          name: body.name ?? null,
          email: body.email ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
  ];
}
