import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../../features/admin/AdminDashboard';

export interface AdminSearch {
  /** '1' after a seat update (the seats page sends the admin here). */
  seats_updated?: string;
  /** 'success' after a checkout. */
  checkout?: string;
}

export const Route = createFileRoute('/_app/admin/')({
  validateSearch: (search: Record<string, unknown>): AdminSearch => ({
    ...(search.seats_updated !== undefined ? { seats_updated: String(search.seats_updated) } : {}),
    ...(typeof search.checkout === 'string' ? { checkout: search.checkout } : {}),
  }),
  component: AdminDashboard,
});
