/**
 * Requests as the shared rule reads them (shared/src/margin-approval.ts): a lead's requests for the gate and the
 * asking, and the ending of approvals a policy change leaves without their floor.
 */
import { grantStandsUnder, type MarginGrant } from '@pippitch/shared/margin-approval';
import type { MarginPolicy } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';
import { endApprovalsForPolicy } from '../../queries/margin/approval-writes';
import { type ApprovalRecord, approvalsOfLeads, standingApprovalRecords } from '../../queries/margin/approvals';
import type { Scope } from '../../queries/scope';

export type LeadRequest = MarginGrant & { status: 'pending' | 'approved' | 'declined' };

/** Every request of a lead of the scope's company (the rule picks the grants it needs), as the shared rule reads them. */
export async function requestsOfLead(db: Database, scope: Scope, leadId: string): Promise<LeadRequest[]> {
  return (await approvalsOfLeads(db, scope, [leadId])).map(toGrant);
}

export function toGrant(
  r: Pick<
    ApprovalRecord,
    'leadId' | 'pair' | 'bandFromGbp' | 'bandToGbp' | 'floorBps' | 'marginBps' | 'endedAt' | 'status'
  >,
): LeadRequest {
  return {
    leadId: r.leadId ?? '',
    pair: r.pair,
    band: { fromGbp: Number(r.bandFromGbp), toGbp: r.bandToGbp === null ? null : Number(r.bandToGbp) },
    floorBps: Number(r.floorBps),
    marginBps: r.marginBps,
    endedAt: r.endedAt?.toISOString() ?? null,
    status: r.status as LeadRequest['status'],
  };
}

/**
 * A policy change ends every standing approval whose band no longer keeps the floor it was granted under (issue
 * 32: until the policy changes). Run in the change's transaction, by the shared rule.
 */
export async function endApprovalsOutsidePolicy(
  db: Database,
  scope: Scope,
  policy: MarginPolicy,
  now: Date,
): Promise<void> {
  const standing = await standingApprovalRecords(db, scope);
  const ended = standing.filter((r) => !grantStandsUnder(policy, toGrant(r))).map((r) => r.id);
  await endApprovalsForPolicy(db, scope, ended, now);
}
