import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadAppProviders } from './lib/api-pages';
import { recoveryTarget } from './lib/recovery';
import { routeTree } from './routeTree.gen';
import './styles.css';

// zod compiles fast parsers with `new Function`, which the Content-Security-Policy (no 'unsafe-eval') refuses.
// This is what z.config({ jitless: true }) writes; set before zod loads (in a later chunk), so the first
// chunk does not carry zod (web/e2e/security-headers.e2e.ts fails if zod stops reading it).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The tRPC client and React Query are provided by the root route to the pages that use them (routes/__root.tsx).
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// Public pages arrive prerendered (src/prerender.tsx), so they are on screen before any script runs, and React
// hydrates them: it adopts the HTML as it is, with anything the visitor has already typed or chosen (React replays
// those changes once hydrated). The route's code is loaded first so hydration never suspends. TanStack Router renders
// one less Suspense boundary on a server than in a plain browser app; `router.ssr` set tells it that this page came
// from a server render, as TanStack Start's own hydrate() does, so both trees match (docs/decisions.md). The app's
// other pages arrive as the empty shell and are rendered from scratch.
const root = document.getElementById('root')!;
const recovery = recoveryTarget(window.location.pathname, window.location.hash);
preloadAppProviders(window.location.pathname);
if (recovery) {
  // Before React touches the page: the reset page loads as its own document (lib/recovery.ts).
  window.location.replace(recovery);
} else if (root.hasChildNodes()) {
  router.ssr = { manifest: undefined };
  void router.load().then(() =>
    hydrateRoot(root, app, {
      // A page that does not match its prerendered HTML is rendered afresh by React, silently in production; say so
      // in the console, where the browser tests look (web/e2e/public.e2e.ts).
      onRecoverableError: (error) => console.error('React recovered from an error while hydrating:', error),
    }),
  );
} else {
  void router.load().then(() => createRoot(root).render(app));
}
