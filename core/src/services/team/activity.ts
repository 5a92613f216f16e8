import type { Database } from '@pippitch/sql';
import { insertTeamActivity } from '../../queries/companies/team-log';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

/** The activity entries a team change writes (migration 0011 lists them beside 'calculation'). */
export type TeamActivityType = 'seat_change' | 'users_removed' | 'role_change' | 'member_status';

/**
 * One entry per change, written in the transaction that makes it. `user_id` is the admin who acted and the
 * description names the member and the change, so the entry outlives a member who is later deleted.
 */
export async function logTeamActivity(
  db: Database,
  actor: Actor,
  { type, description }: { type: TeamActivityType; description: string },
  at: Date,
): Promise<void> {
  await insertTeamActivity(db, scopeOf(actor), { type, description, at });
}

/** 'Ben Broker (ben@demo.pippitch.test)': how an entry names a member. */
export function memberLabel(member: { full_name: string; email: string }): string {
  return `${member.full_name} (${member.email})`;
}
