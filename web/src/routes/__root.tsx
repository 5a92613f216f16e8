import { PUBLIC_PAGES, type PublicPage, titleOf } from '@pippitch/shared/public-pages';
import { createRootRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { AppProviders, needsApiClient } from '../lib/api-pages';

export const Route = createRootRoute({
  // Recovery links (access token and type=recovery in the hash) may land on any page: forward them,
  // hash and all, to /reset-password.
  beforeLoad: ({ location }) => {
    const hash = location.hash ?? '';
    if (location.pathname !== '/reset-password' && /type=recovery/.test(hash) && /access_token=/.test(hash)) {
      throw redirect({ to: '/reset-password', hash });
    }
  },
  component: Root,
});

/**
 * The server sends each public page with its own head (server/src/api/http/public-pages.ts); moving between pages
 * in the browser keeps the title and description in step from the same list.
 */
function Root() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    document.title = titleOf(path);
    const page = (PUBLIC_PAGES as Record<string, PublicPage>)[path];
    const description = document.querySelector('meta[name="description"]');
    if (page && description) description.setAttribute('content', page.description);
  }, [path]);
  if (!needsApiClient(path)) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AppProviders>
        <Outlet />
      </AppProviders>
    </Suspense>
  );
}
