import type { AppRouter } from '@pippitch/server';
import { isAdminRole } from '@pippitch/shared/access';
import type { inferRouterOutputs } from '@trpc/server';
import { useSyncExternalStore } from 'react';

// Who is signed in, for the public pages' nav and calls to action. The landing page's JavaScript budget (issue 13:
// ≤ 100 KB) has no room for the tRPC client and React Query (21 KB Brotli), so these pages read the one answer
// they need with a plain GET of the same procedure (`auth.session`; no transformer, so the body is tRPC's JSON
// envelope). Everything else, signing out included, goes through the real client (lib/trpc.ts), loaded when used.

export type PublicSession = inferRouterOutputs<AppRouter>['auth']['session'];
type State = { known: false } | { known: true; session: PublicSession };

let state: State = { known: false };
let loading = false;
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

async function load(): Promise<void> {
  loading = true;
  let session: PublicSession = null;
  try {
    const res = await fetch('/trpc/auth.session', { headers: { accept: 'application/json' } });
    if (res.ok) session = ((await res.json()) as { result?: { data?: PublicSession } }).result?.data ?? null;
  } catch {
    // Unreachable server: show the signed-out nav (Sign In), which is what the visitor can act on.
  }
  loading = false;
  set({ known: true, session });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!state.known && !loading) void load();
  return () => listeners.delete(listener);
}

const UNKNOWN: State = { known: false };

/** The signed-in member, or null; `known` is false until the server has answered (the nav says 'Loading...'). */
export function usePublicSession(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
}

/** After sign-in, sign-out or signup: ask the server again next time a public page shows. */
export function forgetPublicSession(): void {
  if (state.known) set({ known: false });
}

/** A signed-in member's own page, for the public pages' buttons: the dashboard for an admin, else the calculator. */
export function memberHome(session: NonNullable<PublicSession>) {
  return isAdminRole(session.user.role)
    ? ({ to: '/admin', label: 'Dashboard' } as const)
    : ({ to: '/calculator', label: 'Calculator' } as const);
}
