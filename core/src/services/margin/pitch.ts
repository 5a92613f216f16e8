/**
 * The margin of a saved pitch and the floor it was made under (issue 25 §2), from what the calculation stored: the
 * broker's rate and pips, the amount and trades, the server's mid at that minute and its pounds per unit. The rules
 * are shared/src/margin.ts's and margin-policy.ts's; this only reads the row and the policy of its time.
 */
import { isAdminRole } from '@pippitch/shared/access';
import { type Margin, pitchMargin } from '@pippitch/shared/margin';
import { type FloorApplied, floorFor, isBelowFloor, type MarginPolicy } from '@pippitch/shared/margin-policy';
import { type CurrencyPair, isCurrencyPair } from '@pippitch/shared/pairs';
import type { Database } from '@pippitch/sql';
import { findPitch, type StoredPitch } from '../../queries/margin/pitches';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { storedCalculation } from '../calculation-data';
import { policyAt } from './policy';

export interface PitchMargin {
  calculationId: string;
  pair: CurrencyPair;
  createdAt: string;
  /** Null when the calculation holds no mid (saved without a quote): nothing to measure, so no floor applies. */
  margin: Margin | null;
  floor: FloorApplied | null;
  belowFloor: boolean;
}

function midOf(evidence: unknown): string | null {
  const mid = (evidence as { mid?: { rate?: unknown } | null } | null)?.mid;
  return typeof mid?.rate === 'string' ? mid.rate : null;
}

/** A pitch's margin against the floor of a given policy (the one in force when it was saved). */
export function measurePitch(row: StoredPitch, policy: MarginPolicy): PitchMargin {
  const data = storedCalculation.parse(row.data);
  const pair = row.pair;
  if (!isCurrencyPair(pair)) throw new Error(`calculation ${row.id} has an unknown pair '${pair}'`);
  const mid = midOf(row.evidence);
  const base = { calculationId: row.id, pair, createdAt: row.createdAt.toISOString() };
  if (!mid) return { ...base, margin: null, floor: null, belowFloor: false };
  const margin = pitchMargin({
    pair,
    yourRate: data.your_rate,
    marginPips: data.pips_added,
    mid,
    amount: data.trade_amount,
    tradesPerYear: data.trades_per_year,
    gbpPerBase: row.gbpPerUnit,
  });
  const floor = floorFor(policy, pair, margin.ticketGbp);
  return { ...base, margin, floor, belowFloor: isBelowFloor(margin.bps, floor) };
}

async function measured(db: Database, scope: Scope, row: StoredPitch | undefined): Promise<PitchMargin | null> {
  return row ? measurePitch(row, await policyAt(db, scope, row.createdAt)) : null;
}

/** The margin of one of the scope's member's own pitches, or null. */
export async function ownPitchMargin(db: Database, scope: Scope, calculationId: string): Promise<PitchMargin | null> {
  return measured(db, scope, await findPitch(db, scope, calculationId, { own: true }));
}

/** The margin of a saved pitch of the caller's company: a broker's own only, any of the company's for an admin. */
export async function marginOfPitch(
  db: Database,
  actor: Actor,
  input: { calculationId: string },
): Promise<PitchMargin | null> {
  const scope = scopeOf(actor);
  return measured(db, scope, await findPitch(db, scope, input.calculationId, { own: !isAdminRole(actor.role) }));
}
