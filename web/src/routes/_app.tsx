import { createFileRoute, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { guard } from '../lib/route-guard';

// Only a locked company's members see it: loaded then, not with every signed-in page (the calculator's budget).
const AccountLocked = lazy(() => import('../features/auth/AccountLocked').then((m) => ({ default: m.AccountLocked })));

/** Every protected page sits under this layout: signed-in members only, locked companies see why. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => guard('protected', location.href),
  component: AppLayout,
});

function AppLayout() {
  const { locked, session } = Route.useRouteContext();
  return locked ? (
    <Suspense fallback={null}>
      <AccountLocked session={session} />
    </Suspense>
  ) : (
    <Outlet />
  );
}
