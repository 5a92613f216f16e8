import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../../features/admin/AdminDashboard';
import { flag, searchParams, text } from '../../../lib/search-params';

export const Route = createFileRoute('/_app/admin/')({
  // ?seats_updated=1 after a seat update (a number, so the URL stays 1), ?checkout=success after a checkout.
  validateSearch: searchParams({ seats_updated: flag(1), checkout: text(100) }),
  component: AdminDashboard,
});
