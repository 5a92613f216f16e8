import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Scope } from '../scope';
import { inSpan } from '../span';
import { memberName } from './member-name';

/**
 * The margin card's reads per client (services/margin/client-lines.ts), within the scope's company. The range's
 * below-floor pitches are found through their own partial index (migration 0057), a few among the desk's pitches;
 * the rest is read by lead.
 */

export interface ClientLead {
  leadId: string;
  clientName: string;
  broker: string;
}

/**
 * The company's leads with a story in [from, to), by client name: one of their pitches of the range went below the
 * floor, a request for them was asked in the range, or they have a pack of the range and were ever asked about.
 */
export async function clientLeadsIn(
  db: Database,
  scope: Scope,
  range: { from: Date; to: Date },
): Promise<ClientLead[]> {
  const { rows } = await sql<ClientLead>`
    WITH below AS (
      SELECT DISTINCT c.lead_id FROM calculations c
      WHERE c.company_id = ${scope.companyId} AND c.margin_below_floor AND c.lead_id IS NOT NULL
        AND ${inSpan('c.created_at', range)}
    ), asked AS (
      SELECT DISTINCT a.lead_id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
    ), packed AS (
      SELECT DISTINCT p.lead_id FROM evidence_packs p JOIN asked ON asked.lead_id = p.lead_id
      WHERE p.company_id = ${scope.companyId} AND ${inSpan('p.created_at', range)}
    ), asked_now AS (
      SELECT DISTINCT a.lead_id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
        AND ${inSpan('a.created_at', range)}
    ), leads AS (
      SELECT lead_id FROM below UNION SELECT lead_id FROM packed UNION SELECT lead_id FROM asked_now
    )
    SELECT l.id AS "leadId", l.custom_name AS "clientName", ${memberName} AS broker
    FROM leads JOIN user_leads l ON l.id = leads.lead_id JOIN user_profiles u ON u.id = l.user_id
    WHERE u.company_id = ${scope.companyId}
    ORDER BY l.custom_name, l.id`.execute(db);
  return rows;
}

/** The below-floor pitches of the company's named leads saved in [from, to), with their margin as stored. */
export async function belowFloorPitchesOfLeads(
  db: Database,
  scope: Scope,
  leadIds: readonly string[],
  range: { from: Date; to: Date },
): Promise<{ id: string; leadId: string | null; bps: string }[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectFrom('calculations')
    .select(['id', 'lead_id', sql<string>`margin_bps::text`.as('bps')])
    .where('company_id', '=', scope.companyId)
    .where('margin_below_floor', '=', true)
    .where('lead_id', 'in', leadIds)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .execute();
  return rows.map((r) => ({ id: r.id, leadId: r.lead_id, bps: r.bps }));
}

/** The stated margins of the packs of the company's named leads made in [from, to), oldest first. */
export async function packMarginsOfLeads(
  db: Database,
  scope: Scope,
  leadIds: readonly string[],
  range: { from: Date; to: Date },
): Promise<{ leadId: string; marginBps: number }[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectFrom('evidence_packs')
    .select(['lead_id', 'margin_bps'])
    .where('company_id', '=', scope.companyId)
    .where('lead_id', 'in', leadIds)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ leadId: r.lead_id, marginBps: r.margin_bps }));
}
