import { isAdminRole } from '@pippitch/shared/access';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { resetSessionCache, type SignedIn } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useMarginDeskLive } from '../lib/useMarginDeskLive';
import { PendingRequestsBadge } from './PendingRequestsBadge';
import { Logo } from './ui';

export interface NavItem {
  label: string;
  to: string;
  adminOnly?: boolean;
}

/**
 * The app's top bar: the page's links (admin-only ones hidden from brokers), 'Decisions' with the count of unread
 * decisions on the member's margin approval requests when there are any (issue 25; it goes to My Leads, where they
 * are listed and marked read), for admins 'Requests' with the count of approval requests waiting (pushed live: the
 * margin desk's socket re-reads it when a broker asks) and Sign Out, which ends the session on the server and goes
 * to /login.
 */
export function TopBar({ session, items }: { session: SignedIn; items: NavItem[] }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      resetSessionCache();
      await navigate({ to: '/login' });
    },
    onError: () => setError('Error signing out. Please try again.'),
  });
  useMarginDeskLive();
  const isAdmin = isAdminRole(session.user.role);
  const visible = items.filter((i) => !i.adminOnly || isAdmin);
  // The count of unread decisions comes with the session, which every page has already loaded: no request and a
  // few bytes on the calculator's first load (its 150 KB budget). Each navigation's session check brings it up to
  // date; 'Mark as read' re-runs that check at once.
  const unread = session.margin.unreadDecisions;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <nav className="flex flex-wrap items-center gap-1 text-sm font-medium" aria-label="Main">
          {visible.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100"
              activeProps={{ className: 'bg-brand-50 text-brand-800' }}
              activeOptions={{ exact: true }}
            >
              {item.label}
            </Link>
          ))}
          {unread > 0 && (
            <Link
              to="/leads"
              hash="margin-decisions"
              className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100"
            >
              Decisions{' '}
              <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">{unread}</span>
              <span className="sr-only"> unread</span>
            </Link>
          )}
          {isAdmin && <PendingRequestsBadge />}
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100"
          >
            Sign Out
          </button>
        </nav>
      </div>
      {error && (
        <div role="alert" className="bg-red-50 px-4 py-2 text-center text-sm text-red-700">
          {error}
        </div>
      )}
      <div className="sr-only" aria-live="polite">
        Signed in as {session.user.fullName}
      </div>
    </header>
  );
}

/**
 * A signed-in page: the top bar with the page's links above its main column (`main`: that column's classes);
 * `overlay` (a dialog the page opens) stands after the column, outside it.
 */
export function AppFrame({
  session,
  nav,
  main,
  overlay,
  children,
}: {
  session: SignedIn;
  nav: NavItem[];
  main: string;
  overlay?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen">
      <TopBar session={session} items={nav} />
      <main className={main}>{children}</main>
      {overlay}
    </div>
  );
}
