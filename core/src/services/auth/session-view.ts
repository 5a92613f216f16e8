/**
 * What the browser is told about who is signed in (auth.session): the member, their company's access and add-ons,
 * and the margin policy's per-member state the calculator and the top bar draw from (issue 25) — all in the one
 * query every page already makes, so neither adds a request or code to the calculator's first load.
 */
import type { Database } from '@pippitch/sql';
import { actorOf } from '../actor';
import { memberMarginState } from '../margin/member-state';
import type { SessionCache } from './session-cache';
import type { Viewer } from './sessions';

/**
 * The margin state is held with the session in the process's session cache when one is given (every page asks for
 * it; a new policy version or a decision read or made is announced and drops it, sql/migrations/0053).
 */
export async function sessionView(db: Database, viewer: Viewer | null, cache?: SessionCache) {
  if (!viewer) return null;
  const read = () => memberMarginState(db, actorOf(viewer));
  const margin = await (cache ? cache.memo(viewer.sessionId, 'margin', read) : read());
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
