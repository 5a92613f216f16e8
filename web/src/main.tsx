import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient, trpc, trpcClient } from './lib/trpc';
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

const app = (
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>
);

// Public pages arrive prerendered (src/prerender.tsx), so they are on screen before any script runs. React then
// renders them afresh over that HTML (the same markup, so nothing visibly changes) rather than hydrating it: the
// production build's hydration reported a mismatch that the development build does not (docs/decisions.md). The
// route's code is loaded first, so the prerendered page is never replaced by an empty one while it loads.
void router.load().then(() => createRoot(document.getElementById('root')!).render(app));
