import { createRootRoute, Outlet, redirect } from '@tanstack/react-router';

export const Route = createRootRoute({
  // Recovery links (access token and type=recovery in the hash) may land on any page: forward them,
  // hash and all, to /reset-password.
  beforeLoad: ({ location }) => {
    const hash = location.hash ?? '';
    if (location.pathname !== '/reset-password' && /type=recovery/.test(hash) && /access_token=/.test(hash)) {
      throw redirect({ to: '/reset-password', hash });
    }
  },
  component: () => <Outlet />,
});
