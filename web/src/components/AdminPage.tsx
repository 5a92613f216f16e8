import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ADMIN_NAV } from '../lib/nav';
import type { SignedIn } from '../lib/session';
import { AppFrame, type NavItem } from './TopBar';

const WIDTHS = { '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' } as const;

/** The admin pages' frame: the top bar with their links, 'Back to Dashboard', the title and what the page is for. */
export function AdminPage({
  session,
  nav = ADMIN_NAV,
  title,
  intro,
  width = '5xl',
  children,
}: {
  session: SignedIn;
  /** The top bar's links; by default the dashboard and the calculator. */
  nav?: NavItem[];
  title: string;
  intro?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <AppFrame session={session} nav={nav} main={`mx-auto ${WIDTHS[width]} space-y-6 px-4 py-8 sm:px-6`}>
      <div>
        <Link to="/admin" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to Dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        {intro && <p className="text-sm text-slate-600">{intro}</p>}
      </div>
      {children}
    </AppFrame>
  );
}
