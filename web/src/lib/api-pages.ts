import { lazy } from 'react';

/**
 * Pages that never call the API through the tRPC client (their nav reads the session with lib/public-session.ts),
 * so their first load does without it (issue 13's landing budget). Every other page gets the client from the root
 * route (routes/__root.tsx).
 */
const PAGES_WITHOUT_CLIENT = new Set(['/', '/pricing', '/terms', '/privacy']);

export function needsApiClient(path: string): boolean {
  return !PAGES_WITHOUT_CLIENT.has(path);
}

/** The tRPC client and React Query's providers, in a chunk of their own. */
export const AppProviders = lazy(() => import('./app-providers'));

/** Starts loading the providers at once for a page that will need them, alongside the route's own code. */
export function preloadAppProviders(path: string): void {
  if (needsApiClient(path)) void import('./app-providers');
}
