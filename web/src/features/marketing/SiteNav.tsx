import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Logo } from '../../components/ui';
import { memberHome, usePublicSession } from '../../lib/public-session';

/** Public pages' nav: Home, Pricing, a role button ('Loading...' while the role loads), Sign Out. */
export function SiteNav() {
  const current = usePublicSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  // Signing out is rare: the API client comes with the click rather than with every public page.
  async function signOut() {
    setSigningOut(true);
    try {
      const [{ trpcClient }, { resetSessionCache }] = await Promise.all([
        import('../../lib/trpc'),
        import('../../lib/session'),
      ]);
      // Settled either way, as the app's Sign Out (components/TopBar.tsx): nothing of the session is shown again.
      await trpcClient.auth.logout.mutate().catch(() => undefined);
      resetSessionCache();
      await navigate({ to: '/' });
    } finally {
      setSigningOut(false);
    }
  }
  const s = current.known ? current.session : null;
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
          {!current.known ? (
            <span className="rounded-lg px-3 py-2 text-slate-500">Loading...</span>
          ) : s ? (
            <>
              <Link to={memberHome(s).to} className="rounded-lg bg-brand-700 px-3 py-2 text-white hover:bg-brand-800">
                {memberHome(s).label}
              </Link>
              <button
                type="button"
                onClick={() => void signOut()}
                disabled={signingOut}
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
