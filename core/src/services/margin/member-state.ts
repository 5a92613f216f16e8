/**
 * What every page of the app needs of the margin policy for the signed-in member (issue 25), carried by the
 * session so the calculator's first load fetches nothing more: the 'Inflate Your Margin' options the desk allows
 * (the calculator draws only those) and how many decisions on the member's requests are unread (the top bar's
 * badge). One round trip (queries/margin/member-state.ts).
 */
import { DEFAULT_MARGIN_POLICY } from '@pippitch/shared/margin-policy';
import type { MarginPips } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { memberMarginRecord } from '../../queries/margin/member-state';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';

export interface MemberMarginState {
  marginOptions: MarginPips[];
  unreadDecisions: number;
}

export async function memberMarginState(db: Database, actor: Actor): Promise<MemberMarginState> {
  const { marginOptions, unread } = await memberMarginRecord(db, scopeOf(actor));
  return { marginOptions: marginOptions ?? [...DEFAULT_MARGIN_POLICY.marginOptions], unreadDecisions: unread };
}
