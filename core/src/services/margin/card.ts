/**
 * The desk's margin card (issue 25 §3, issue 32 §4) as the caller's company sees it: margin conceded per broker and
 * pair beside one line per client below the floor, and one broker's conceded for their activity page.
 */
import type { DateSpan } from '@pippitch/shared/activity-periods';
import type { Database } from '@pippitch/sql';
import { scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { clientLinesIn } from './client-lines';
import { type ConcededBroker, type MarginConceded, marginConceded } from './conceded';

/** The card over a run of London days: the company's margin conceded and its clients' lines. */
export async function marginCard(db: Database, actor: Actor, span: DateSpan) {
  const scope = scopeOf(actor);
  const [conceded, clients] = await Promise.all([marginConceded(db, scope, span), clientLinesIn(db, scope, span)]);
  return { ...conceded, clients };
}

/** One member's margin conceded over a run of days; null when they pitched nothing then, or are not of the company. */
export async function brokerConceded(
  db: Database,
  actor: Actor,
  input: { userId: string; span: DateSpan },
): Promise<ConcededBroker | null> {
  const conceded: MarginConceded = await marginConceded(db, scopeOf(actor), input.span, input.userId);
  return conceded.brokers[0] ?? null;
}
