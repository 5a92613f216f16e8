/**
 * The desk's margin policy (issue 25 §1) as a log of immutable versions (sql/migrations/0045_margin_policy.sql): the
 * newest is in force, consecutive ones are a change's old → new, and a pitch is judged by the newest at or before
 * its own time, so a change applies to later pitches only.
 */
import { DEFAULT_MARGIN_POLICY, type MarginPolicy } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';
import {
  insertPolicyVersion,
  listPolicyVersions,
  type PolicyVersionRecord,
  pageOfPolicyVersions,
  policyVersionAt,
} from '../../queries/margin/policy';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { endApprovalsOutsidePolicy } from './grants';

const toPolicy = (version: PolicyVersionRecord | undefined): MarginPolicy => version?.policy ?? DEFAULT_MARGIN_POLICY;

/** The policy in force at `at` (now when absent) in the scope's company: its newest version then, or the default. */
export async function policyAt(db: Database, scope: Scope, at?: Date): Promise<MarginPolicy> {
  return toPolicy(await policyVersionAt(db, scope, at));
}

/** The policy in force now for the caller's company: brokers read it (the calculator warns), admins edit it. */
export async function policyInForce(db: Database, actor: Actor): Promise<MarginPolicy> {
  return policyAt(db, scopeOf(actor));
}

/**
 * A new version, already validated (marginPolicySchema). Who made it is kept by name too, for after they leave. In
 * the same transaction, approvals whose band's floor it moves end (issue 32).
 */
export async function updatePolicy(
  db: Database,
  actor: Actor,
  policy: MarginPolicy,
  { now }: { now: Date },
): Promise<MarginPolicy> {
  const scope = scopeOf(actor);
  await db.transaction().execute(async (trx) => {
    await insertPolicyVersion(trx, scope, policy);
    await endApprovalsOutsidePolicy(trx, scope, policy, now);
  });
  return policyAt(db, scope);
}

export interface PolicyChange {
  /** The version's id: the cursor of the page after it. */
  id: number;
  changedAt: string;
  changedBy: string;
  before: MarginPolicy;
  after: MarginPolicy;
}

export interface PolicyLogPage {
  changes: PolicyChange[];
  /** The cursor of older changes, null at the first change. */
  nextCursor: number | null;
}

/**
 * The change log of the caller's company, newest first, a page at a time: each version with the one before it (the
 * default before the first). A cursor that is not one of the company's versions reads nothing.
 */
export async function policyLog(
  db: Database,
  actor: Actor,
  page: { limit: number; cursor?: number | null | undefined } = { limit: 20 },
): Promise<PolicyLogPage> {
  // One more than the page: the version before the page's last (its 'old'), and the sign of an older page.
  const versions = await pageOfPolicyVersions(db, scopeOf(actor), { limit: page.limit + 1, cursor: page.cursor });
  const changes = versions.slice(0, page.limit).map((version, i) => ({
    id: version.id,
    changedAt: version.changedAt.toISOString(),
    changedBy: version.changedByName,
    before: toPolicy(versions[i + 1]),
    after: version.policy,
  }));
  return { changes, nextCursor: versions.length > page.limit ? (changes.at(-1)?.id ?? null) : null };
}

/** Every version of the company's policy, oldest first, for judging many pitches with one query. */
export async function policyVersions(db: Database, scope: Scope): Promise<{ at: Date; policy: MarginPolicy }[]> {
  return (await listPolicyVersions(db, scope)).map((v) => ({ at: v.changedAt, policy: v.policy }));
}

/** The policy in force at `at` among versions (oldest first): the newest at or before it, or the default. */
export function policyIn(versions: { at: Date; policy: MarginPolicy }[], at: Date): MarginPolicy {
  let policy = DEFAULT_MARGIN_POLICY;
  for (const v of versions) {
    if (v.at > at) break;
    policy = v.policy;
  }
  return policy;
}
