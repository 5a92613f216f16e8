import { isAdminRole } from '@pippitch/shared/access';
import { Link, useNavigate } from '@tanstack/react-router';
import { Logo } from '../../components/ui';
import { resetSessionCache } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Public pages' nav: Home, Pricing, a role button ('Loading...' while the role loads), Sign Out. */
export function SiteNav() {
  const session = trpc.auth.session.useQuery(undefined, { staleTime: 30_000 });
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({
    onSettled: async () => {
      resetSessionCache();
      await navigate({ to: '/' });
    },
  });
  const s = session.data;
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Logo />
        {/* Every item stays at 375 px: tighter padding on small screens rather than hiding Home. */}
        <nav className="flex items-center gap-0.5 text-sm font-medium sm:gap-1" aria-label="Site">
          <Link to="/" className="rounded-lg px-2 py-2 text-slate-700 hover:bg-slate-100 sm:px-3">
            Home
          </Link>
          <Link to="/pricing" className="rounded-lg px-2 py-2 text-slate-700 hover:bg-slate-100 sm:px-3">
            Pricing
          </Link>
          {session.isPending ? (
            <span className="rounded-lg px-3 py-2 text-slate-500">Loading...</span>
          ) : s ? (
            <>
              <Link
                to={isAdminRole(s.user.role) ? '/admin' : '/calculator'}
                className="rounded-lg bg-brand-700 px-3 py-2 text-white hover:bg-brand-800"
              >
                {isAdminRole(s.user.role) ? 'Dashboard' : 'Calculator'}
              </Link>
              <button
                type="button"
                onClick={() => logout.mutate()}
                className="rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100"
              >
                Sign Out
              </button>
            </>
          ) : (
            <Link to="/login" className="rounded-lg bg-brand-700 px-3 py-2 text-white hover:bg-brand-800">
              Sign In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
        <span>© {new Date().getFullYear()} PipPitch. Rates are indicative; ECB reference rates (Source: ECB).</span>
        <nav className="flex gap-4">
          <Link to="/terms" className="hover:underline">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:underline">
            Privacy Policy
          </Link>
          <Link to="/login" className="hover:underline">
            Sign In
          </Link>
        </nav>
      </div>
    </footer>
  );
}
