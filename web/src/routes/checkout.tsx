import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/billing/CheckoutPage';
import { guard } from '../lib/route-guard';
import { flag, searchParams } from '../lib/search-params';

// Stripe-style return: ?canceled=true shows the 'Payment was canceled' notice.
const checkoutSearch = searchParams({ canceled: flag(true) });

/** Reachable by any signed-in member, including a locked company's, so it can start a subscription. */
export const Route = createFileRoute('/checkout')({
  validateSearch: checkoutSearch,
  beforeLoad: ({ location }) => guard('signed_in', location.href),
  component: CheckoutPage,
});
