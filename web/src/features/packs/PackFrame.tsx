import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppFrame } from '../../components/TopBar';
import { LEADS_NAV } from '../../lib/nav';
import type { SignedIn } from '../../lib/session';

/** An evidence pack's pages (a pack, a new pack): the leads pages' top bar and '← My Leads' above the page. */
export function PackFrame({ session, width, children }: { session: SignedIn; width: string; children: ReactNode }) {
  return (
    <AppFrame session={session} nav={LEADS_NAV} main={`mx-auto ${width} px-4 py-6 sm:px-6 sm:py-8`}>
      <Link to="/leads" className="text-sm text-slate-600 hover:underline">
        ← My Leads
      </Link>
      {children}
    </AppFrame>
  );
}
