import { createFileRoute } from '@tanstack/react-router';
import { SeatsPage } from '../../../features/team/SeatsPage';
import { guard } from '../../../lib/route-guard';

/** Seat management: the super_admin's alone; other admins go to /admin (the server refuses them as well). */
export const Route = createFileRoute('/_app/admin/seats')({
  beforeLoad: ({ location }) => guard('super_admin', location.href),
  component: SeatsPage,
});
