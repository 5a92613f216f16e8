import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, trpc, trpcClient } from './trpc';

/**
 * The tRPC client and React Query, for every page that calls the API. Loaded with the first such page
 * (routes/__root.tsx), so the landing page's first load does not carry them.
 */
export default function AppProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
