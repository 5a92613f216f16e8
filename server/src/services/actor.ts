import type { RoleType } from '@pippitch/shared/access';

/**
 * Who is acting, as every service takes it: always from the signed-in session, never from the browser's input,
 * so a service can scope each query to the caller's own user and company.
 */
export interface Actor {
  userId: string;
  companyId: string;
  role: RoleType;
}

/** The actor behind a signed-in viewer (procedures pass this to services). */
export function actorOf(viewer: { user: { id: string; role: RoleType }; company: { id: string } }): Actor {
  return { userId: viewer.user.id, companyId: viewer.company.id, role: viewer.user.role };
}
