import type { Scope } from './scope';

/**
 * The member whose own rows a query touches (leads, packs, calculations are a broker's own). A system scope acts for
 * no member, so it reaches none of them: a programming error, not a request to answer.
 */
export function ownerOf(scope: Scope): string {
  if (scope.userId === null)
    throw new Error(`${scope.by} acts for no member: a member's own rows need a member's scope`);
  return scope.userId;
}
