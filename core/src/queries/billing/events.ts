import type { Database } from '@pippitch/sql';
import { insertOnce } from '../insert-once';
import type { Scope } from '../scope';

/**
 * The provider's events as applied (`billing_events`): recorded first by the provider's id alone (an event names
 * no company we trust until it is matched), then given the company it was found to be about and its outcome.
 */

/** Records the event as being applied; false for a redelivery of one already recorded. */
export async function insertEventOnce(
  trx: Database,
  event: { id: string; provider: string; type: string; now: Date },
): Promise<boolean> {
  return insertOnce(
    trx,
    'billing_events',
    { id: event.id, provider: event.provider, type: event.type, outcome: 'applying', received_at: event.now },
    ['id'],
  );
}

/** The event's outcome, and the company (the scope's) it was about, or none. */
export async function recordEventOutcome(
  trx: Database,
  eventId: string,
  scope: Scope | null,
  outcome: string,
): Promise<void> {
  await trx
    .updateTable('billing_events')
    .set({ company_id: scope?.companyId ?? null, outcome })
    .where('id', '=', eventId)
    .execute();
}
