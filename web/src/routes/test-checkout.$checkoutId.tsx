import { createFileRoute } from '@tanstack/react-router';
import { TestCheckoutPage } from '../features/billing/TestCheckoutPage';
import { guard } from '../lib/route-guard';

/** The test-mode stand-in for Stripe's hosted checkout: signed-in members only (the server checks the company). */
export const Route = createFileRoute('/test-checkout/$checkoutId')({
  beforeLoad: ({ location }) => guard('signed_in', location.href),
  component: TestCheckoutPage,
});
