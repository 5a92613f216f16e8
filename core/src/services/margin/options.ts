/**
 * The 'Inflate Your Margin' options the desk allows (issue 25 §1), checked where a pitch is saved: the calculator
 * says so first, and the server refuses any other choice with the same words.
 */
import { isAllowedOption, optionNotAllowedMessage } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';
import { badRequest } from '../../errors';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { policyAt } from './policy';

export async function requireAllowedMarginOption(db: Database, actor: Actor, marginPips: number): Promise<void> {
  const policy = await policyAt(db, scopeOf(actor));
  if (!isAllowedOption(policy, marginPips)) throw badRequest(optionNotAllowedMessage(policy), 'marginPips');
}
