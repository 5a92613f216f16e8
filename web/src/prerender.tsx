/**
 * The public pages rendered to HTML at build time (issue 13 §5): the same routes and components as the app, rendered
 * with React's renderToString under a memory history, so the first paint needs no script; main.tsx hydrates them.
 * Built by `vite build --ssr` and run by scripts/prerender.mjs; never shipped to the browser.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { trpc, trpcClient } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export async function render(path: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // A client of its own that never fetches: queries render their pending state, as the browser's first render does.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  return renderToString(
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>,
  );
}
