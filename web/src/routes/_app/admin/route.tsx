import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guard } from '../../../lib/route-guard';

/** Admin pages: brokers are sent to /calculator (the server refuses them as well). */
export const Route = createFileRoute('/_app/admin')({
  beforeLoad: ({ location }) => guard('admin', location.href),
  component: Outlet,
});
