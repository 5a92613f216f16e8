import type { AppRouter } from '@pippitch/server';
import { ACCESS_MESSAGES } from '@pippitch/shared/access';
import { MAX_BATCH_CALLS } from '@pippitch/shared/api-limits';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';

/** React hooks for every procedure (types only come from the server; no server code is bundled). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * Any call refused because the session has ended (signed out elsewhere, deactivated, expired) sends the
 * person to /login, instead of leaving a page that can no longer load anything.
 */
function onUnauthorized(err: unknown): void {
  const code = (err as { data?: { code?: string } } | null)?.data?.code;
  if (code === 'UNAUTHORIZED') sendToSignIn();
  // An admin demoted while on an admin page: their next call is refused, so take them where a broker belongs.
  else if (code === 'FORBIDDEN' && (err as Error).message === ACCESS_MESSAGES.noAdminAccess) leaveAdminPages();
}

function leaveAdminPages(): void {
  if (typeof window === 'undefined' || !window.location.pathname.startsWith('/admin')) return;
  queryClient.clear();
  window.location.assign('/calculator');
}

/** To /login, back here after signing in (the live-quote socket also calls this when its session ends). */
export function sendToSignIn(): void {
  if (typeof window === 'undefined') return;
  const path = window.location.pathname;
  if (path === '/login' || path === '/' || path === '/reset-password' || path === '/unlock-sign-in') return;
  queryClient.clear();
  window.location.assign(`/login?redirect=${encodeURIComponent(path + window.location.search)}`);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onUnauthorized }),
  mutationCache: new MutationCache({ onError: onUnauthorized }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: 0 },
  },
});

// Every procedure is batched HTTP; live quotes have a WebSocket of their own (features/calculator/useLiveQuotes.ts).
export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/trpc', maxURLLength: 4000, maxItems: MAX_BATCH_CALLS })],
});

/** The same procedures outside React (route guards in beforeLoad). */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
