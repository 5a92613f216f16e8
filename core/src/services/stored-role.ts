import type { RoleType } from '@pippitch/shared/access';

/**
 * The one place where the database's word for a role meets everyone else's. Brokers are stored as 'junior'
 * (the spec's schema, §3 user_profiles.role_type and invitations.role_type); the API, the web, e-mails and
 * every service above a query say 'broker' (README, Vocabulary). Read a row's role through `roleFromStored`,
 * write one through `toStoredRole`, and filter on `STORED_BROKER` — never a literal 'junior'.
 */
const STORED = { broker: 'junior', admin: 'admin', super_admin: 'super_admin' } as const satisfies Record<
  RoleType,
  string
>;

export type StoredRole = (typeof STORED)[RoleType];

/** role_type = STORED_BROKER: a query's filter for brokers. */
export const STORED_BROKER = STORED.broker;

export function toStoredRole<R extends RoleType>(role: R): (typeof STORED)[R] {
  return STORED[role];
}

/** A row's role_type as the API says it. The column's CHECK holds it to the three stored words. */
export function roleFromStored(stored: string): RoleType {
  if (stored === STORED.broker) return 'broker';
  if (stored === 'admin' || stored === 'super_admin') return stored;
  throw new Error(`unknown stored role '${stored}'`);
}
