import type { RouteRule } from '@pippitch/shared/access';
import type { Session, SignedIn } from './session';

// Route guards (beforeLoad) run from the route tree, which is in the first script every page loads. They reach the
// session code (and with it the tRPC client) through a dynamic import, so the public pages' first load does not
// carry the client (issue 13's budget); a protected page waits for it only on its first visit.

/** lib/session.ts's guard, loaded on first use. */
export async function guard(rule: RouteRule, currentHref: string): Promise<{ session: SignedIn; locked: boolean }> {
  return (await import('./session')).guard(rule, currentHref);
}

/** lib/session.ts's loadSession, loaded on first use. */
export async function loadSession(): Promise<Session> {
  return (await import('./session')).loadSession();
}
