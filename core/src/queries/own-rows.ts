import type { Scope } from './scope';

/**
 * The member a scope acts for: whose own rows a query touches (leads, packs, calculations, notifications are a
 * member's own), or who a write records as having done something (asked, decided, changed the policy). A system
 * scope acts for no member, so calling such a query with one is a programming error, not a request to answer.
 */
export function ownerOf(scope: Scope): string {
  if (scope.userId === null)
    throw new Error(`${scope.by} acts for no member: a member's own rows need a member's scope`);
  return scope.userId;
}
