import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/billing/CheckoutPage';
import { guard } from '../lib/route-guard';

/** Reachable by any signed-in member, including a locked company's, so it can start a subscription. */
export const Route = createFileRoute('/checkout')({
  // Stripe-style return: ?canceled=true shows the 'Payment was canceled' notice.
  validateSearch: (search: Record<string, unknown>): { canceled?: boolean } =>
    search.canceled === true || search.canceled === 'true' ? { canceled: true } : {},
  beforeLoad: ({ location }) => guard('signed_in', location.href),
  component: CheckoutPage,
});
