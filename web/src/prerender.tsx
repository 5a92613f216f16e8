/**
 * The public pages rendered to HTML at build time (issue 13 §5): the same routes and components as the app, rendered
 * with React under a memory history, so the first paint needs no script; main.tsx hydrates them.
 * Lazily loaded parts (the API client's providers, the landing page's below-the-fold sections) are in the HTML
 * too. Queries render their pending state, as the browser's
 * first render does (effects, where they would fetch, do not run here).
 * Built by `vite build --ssr` and run by scripts/prerender.mjs; never shipped to the browser.
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { routeTree } from './routeTree.gen';

export async function render(path: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // Twice: `prerender` waits for every lazily loaded part to arrive, but writes the parts that had to wait as
  // hidden segments moved into place by inline scripts (which the Content-Security-Policy refuses, and which no
  // one reads with scripts off). Once they have arrived, React.lazy has them at hand, and renderToString writes
  // the whole page in place.
  await (await prerender(app)).prelude.cancel();
  return renderToString(app);
}
