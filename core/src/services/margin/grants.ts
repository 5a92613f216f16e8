/**
 * Requests as the shared rule reads them (shared/src/margin-approval.ts): a lead's requests for the gate and the
 * asking, and the ending of approvals a policy change leaves without their floor.
 */
import { grantStandsUnder, type MarginGrant } from '@pippitch/shared/margin-approval';
import type { MarginPolicy } from '@pippitch/shared/margin-policy';
import type { Database } from '@pippitch/sql';

export type LeadRequest = MarginGrant & { status: 'pending' | 'approved' | 'declined' };

/** Every request of a lead (the rule picks the grants it needs), as the shared rule reads them. */
export async function requestsOfLead(db: Database, companyId: string, leadId: string): Promise<LeadRequest[]> {
  const rows = await db
    .selectFrom('margin_approvals')
    .select(['lead_id', 'pair', 'band_from_gbp', 'band_to_gbp', 'floor_bps', 'margin_bps', 'ended_at', 'status'])
    .where('company_id', '=', companyId)
    .where('lead_id', '=', leadId)
    .execute();
  return rows.map(toGrant);
}

export function toGrant(r: {
  lead_id: string | null;
  pair: string;
  band_from_gbp: string | number;
  band_to_gbp: string | number | null;
  floor_bps: string;
  margin_bps: string;
  ended_at: Date | null;
  status: string;
}): LeadRequest {
  return {
    leadId: r.lead_id ?? '',
    pair: r.pair,
    band: { fromGbp: Number(r.band_from_gbp), toGbp: r.band_to_gbp === null ? null : Number(r.band_to_gbp) },
    floorBps: Number(r.floor_bps),
    marginBps: r.margin_bps,
    endedAt: r.ended_at?.toISOString() ?? null,
    status: r.status as LeadRequest['status'],
  };
}

/**
 * A policy change ends every standing approval whose band no longer keeps the floor it was granted under (issue
 * 32: until the policy changes). Run in the change's transaction, by the shared rule.
 */
export async function endApprovalsOutsidePolicy(
  db: Database,
  companyId: string,
  policy: MarginPolicy,
  now: Date,
): Promise<void> {
  const rows = await db
    .selectFrom('margin_approvals')
    .select(['id', 'lead_id', 'pair', 'band_from_gbp', 'band_to_gbp', 'floor_bps', 'margin_bps', 'ended_at', 'status'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'approved')
    .where('ended_at', 'is', null)
    .execute();
  const ended = rows.filter((r) => !grantStandsUnder(policy, toGrant(r))).map((r) => r.id);
  if (ended.length === 0) return;
  await db
    .updateTable('margin_approvals')
    .set({ ended_at: now, ended_reason: 'policy', ended_by_name: 'a policy change' })
    .where('id', 'in', ended)
    .where('ended_at', 'is', null)
    .execute();
}
