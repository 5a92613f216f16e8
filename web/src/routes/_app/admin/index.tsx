import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../../features/admin/AdminDashboard';

export interface AdminSearch {
  /** 1 after a seat update (the seats page sends the admin here). A number, so the URL stays ?seats_updated=1. */
  seats_updated?: 1;
  /** 'success' after a checkout. */
  checkout?: string;
}

export const Route = createFileRoute('/_app/admin/')({
  validateSearch: (search: Record<string, unknown>): AdminSearch => ({
    ...(String(search.seats_updated) === '1' ? { seats_updated: 1 as const } : {}),
    ...(typeof search.checkout === 'string' ? { checkout: search.checkout } : {}),
  }),
  component: AdminDashboard,
});
