import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AccountLocked } from '../features/auth/AccountLocked';
import { guard } from '../lib/route-guard';

/** Every protected page sits under this layout: signed-in members only, locked companies see why. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => guard('protected', location.href),
  component: AppLayout,
});

function AppLayout() {
  const { locked, session } = Route.useRouteContext();
  return locked ? <AccountLocked session={session} /> : <Outlet />;
}
