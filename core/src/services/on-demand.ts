/**
 * The one gate for on-demand work (shared/src/on-demand.ts says why): counts the company's request against its
 * hourly allowance in the caller's transaction, so a request refused as a duplicate (the unique index on the
 * open one, migration 0022) rolls its count back with it and uses none of the allowance.
 */
import { ON_DEMAND_LIMITS, ON_DEMAND_MESSAGES, type OnDemandKind } from '@pippitch/shared/on-demand';
import type { Database } from '@pippitch/sql';
import { tooManyRequests } from '../errors';
import type { Scope } from '../queries/scope';
import { enforce } from './auth/rate-limit';
import { isUniqueViolation } from './db-errors';

async function countOnDemand(trx: Database, scope: Scope, kind: OnDemandKind): Promise<void> {
  await enforce(
    trx,
    [{ key: `on-demand:${kind}:${scope.companyId}`, max: ON_DEMAND_LIMITS[kind].perHour, windowSeconds: 3600 }],
    ON_DEMAND_MESSAGES[kind].hourly,
  );
}

/**
 * Opens the scope's company's on-demand request in one transaction: `open` inserts its row (and queues its job), and
 * the request is counted against the company's hourly allowance; a second open one (the unique `index`) is refused
 * with 429.
 */
export async function openOnDemand<T>(
  db: Database,
  scope: Scope,
  { kind, index }: { kind: OnDemandKind; index: string },
  open: (trx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const opened = await open(trx);
      await countOnDemand(trx, scope, kind);
      return opened;
    });
  } catch (err) {
    if (isUniqueViolation(err, index)) throw tooManyRequests(ON_DEMAND_MESSAGES[kind].busy);
    throw err;
  }
}
