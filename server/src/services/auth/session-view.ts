/**
 * What the browser is told about who is signed in (auth.session): the member, their company's access and add-ons,
 * and the margin policy's per-member state the calculator and the top bar draw from (issue 25) — all in the one
 * query every page already makes, so neither adds a request or code to the calculator's first load.
 */
import type { Database } from '@pippitch/sql';
import { memberMarginState } from '../margin/member-state';
import type { Viewer } from './sessions';

export async function sessionView(db: Database, viewer: Viewer | null) {
  if (!viewer) return null;
  const margin = await memberMarginState(db, { userId: viewer.user.id, companyId: viewer.company.id });
  return {
    user: { id: viewer.user.id, email: viewer.user.email, fullName: viewer.user.fullName, role: viewer.user.role },
    company: {
      id: viewer.company.id,
      name: viewer.company.name,
      access: viewer.company.access,
      companyFinderEnabled: viewer.company.companyFinderEnabled,
      clientDataEnabled: viewer.company.clientDataEnabled,
      dataKeptUntil: viewer.company.dataKeptUntil?.toISOString() ?? null,
      pairs: viewer.company.pairs,
    },
    margin,
  };
}
