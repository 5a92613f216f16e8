import { gate, type RouteRule } from '@pippitch/shared/access';
import { redirect } from '@tanstack/react-router';
import { forgetPublicSession } from './public-session';
import { queryClient, trpcUtils } from './trpc';

export type Session = Awaited<ReturnType<typeof trpcUtils.auth.session.fetch>>;
export type SignedIn = NonNullable<Session>;

/**
 * The signed-in member, re-checked with the server at most every 10 s of navigation, so a deactivated
 * member or a locked company is routed correctly without a full reload.
 */
export function loadSession(): Promise<Session> {
  return trpcUtils.auth.session.fetch(undefined, { staleTime: 10_000 });
}

/**
 * The web side of the protected-route gate (spec §2). The server enforces the same rules on every
 * procedure; this only sends people to the right page, or says to show the 'Account Locked' page.
 */
export async function guard(rule: RouteRule, currentHref: string): Promise<{ session: SignedIn; locked: boolean }> {
  const session = await loadSession();
  const decision = gate(session ? { role: session.user.role, access: session.company.access } : null, rule);
  if (decision.kind === 'redirect') {
    throw redirect({
      to: decision.to,
      search: decision.to === '/login' ? { redirect: currentHref } : undefined,
    } as never);
  }
  if (!session) throw redirect({ to: '/login' });
  return { session, locked: decision.kind === 'locked' };
}

/** After sign-in, sign-out or signup nothing cached for the previous person may be shown again. */
export function resetSessionCache(): void {
  queryClient.clear();
  forgetPublicSession();
}
