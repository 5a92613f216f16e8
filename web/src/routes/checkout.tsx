import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CheckoutPage } from '../features/auth/CheckoutPage';
import { guard } from '../lib/session';

/** Reachable by any signed-in member, including a locked company's, so it can start a subscription. */
export const Route = createFileRoute('/checkout')({
  validateSearch: z.object({ canceled: z.coerce.boolean().optional() }),
  beforeLoad: ({ location }) => guard('signed_in', location.href),
  component: CheckoutPage,
});
