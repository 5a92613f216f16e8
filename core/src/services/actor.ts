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

/** A member of a company as an actor: the one constructor, for a member row read from the database (jobs, seeds). */
export function memberActor(member: { id: string; role_type: RoleType }, companyId: string): Actor {
  return { userId: member.id, companyId, role: member.role_type };
}

/** The actor behind a signed-in viewer (authedProcedure puts it in ctx.actor; the HTTP gate returns it). */
export function actorOf(viewer: { user: { id: string; role: RoleType }; company: { id: string } }): Actor {
  return memberActor({ id: viewer.user.id, role_type: viewer.user.role }, viewer.company.id);
}
