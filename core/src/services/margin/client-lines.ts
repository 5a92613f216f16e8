/**
 * One story per client (issue 32 §4): for the dashboard's margin card and its CSV, one line per lead below the floor
 * in a run of London days — the margin the desk has approved for it (each standing approval: pair and band, bps, who
 * decided), what still waits, and the pitches and packs under it. A lead is on the list when one of its pitches of
 * the range went below the floor, when a request for it was asked in the range, or when it has a pack of the range
 * and was ever asked about. Pitch states are the shared rule's (pitch-states.ts), so one decision approves every
 * pitch it covers: never '1 approved, 1 not asked' for one decision. The range's below-floor pitches are found
 * through their own partial index (migration 0057), a few among the desk's pitches; the rest is read by lead.
 */
import type { DateSpan } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import type { ClientApproval, ClientMarginLine } from '@pippitch/shared/margin-clients';
import { londonDayBoundsUtc } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import { memberName } from './member-name';
import { pitchStates } from './pitch-states';

export type { ClientMarginLine };

/** The lines of a company's leads for a run of London days, by client name. */
export async function clientMarginLines(
  db: Database,
  scope: { companyId: string },
  span: DateSpan,
): Promise<ClientMarginLine[]> {
  const from = londonDayBoundsUtc(span.start).start;
  const to = londonDayBoundsUtc(span.end).end;
  const { rows: leads } = await sql<{ lead_id: string; client_name: string; broker: string }>`
    WITH below AS (
      SELECT DISTINCT c.lead_id FROM calculations c
      WHERE c.company_id = ${scope.companyId} AND c.margin_below_floor AND c.lead_id IS NOT NULL
        AND c.created_at >= ${from} AND c.created_at < ${to}
    ), asked AS (
      SELECT DISTINCT a.lead_id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
    ), packed AS (
      SELECT DISTINCT p.lead_id FROM evidence_packs p JOIN asked ON asked.lead_id = p.lead_id
      WHERE p.company_id = ${scope.companyId} AND p.created_at >= ${from} AND p.created_at < ${to}
    ), asked_now AS (
      SELECT DISTINCT a.lead_id FROM margin_approvals a
      WHERE a.company_id = ${scope.companyId} AND a.lead_id IS NOT NULL
        AND a.created_at >= ${from} AND a.created_at < ${to}
    ), leads AS (
      SELECT lead_id FROM below UNION SELECT lead_id FROM packed UNION SELECT lead_id FROM asked_now
    )
    SELECT l.id AS lead_id, l.custom_name AS client_name, ${memberName} AS broker
    FROM leads JOIN user_leads l ON l.id = leads.lead_id JOIN user_profiles u ON u.id = l.user_id
    WHERE u.company_id = ${scope.companyId}
    ORDER BY l.custom_name, l.id`.execute(db);
  if (leads.length === 0) return [];
  const ids = leads.map((l) => l.lead_id);
  const [below, requests, packs, states] = await Promise.all([
    db
      .selectFrom('calculations')
      .select(['id', 'lead_id', sql<string>`margin_bps::text`.as('bps')])
      .where('company_id', '=', scope.companyId)
      .where('margin_below_floor', '=', true)
      .where('lead_id', 'in', ids)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
    db
      .selectFrom('margin_approvals')
      .select(['lead_id', 'floor_label', 'floor_bps', 'margin_bps', 'status', 'ended_at', 'decided_by_name'])
      .where('company_id', '=', scope.companyId)
      .where('lead_id', 'in', ids)
      .where((eb) =>
        eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'approved'), eb('ended_at', 'is', null)])]),
      )
      .execute(),
    db
      .selectFrom('evidence_packs')
      .select(['lead_id', 'margin_bps'])
      .where('company_id', '=', scope.companyId)
      .where('lead_id', 'in', ids)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    pitchStates(db, scope, { from, to }),
  ]);
  const stateOf = new Map(states.map((p) => [p.id, p.state]));
  return leads.map((lead) => {
    const pitches = { belowFloor: 0, approved: 0, pending: 0, declined: 0, notAsked: 0 };
    let lowest: Dec | null = null;
    for (const p of below.filter((b) => b.lead_id === lead.lead_id)) {
      pitches.belowFloor++;
      const state = stateOf.get(p.id);
      if (state) pitches[state]++;
      else pitches.notAsked++;
      const bps = new Dec(p.bps);
      if (!lowest || bps.lt(lowest)) lowest = bps;
    }
    const mine = requests.filter((r) => r.lead_id === lead.lead_id);
    const approved = new Map<string, ClientApproval>();
    for (const r of mine.filter((r) => r.status === 'approved')) {
      // Several standing for one pair and band: the lowest covers what the others do.
      const held = approved.get(r.floor_label);
      if (held && new Dec(held.marginBps).lte(new Dec(r.margin_bps))) continue;
      approved.set(r.floor_label, {
        floorLabel: r.floor_label,
        floorBps: new Dec(r.floor_bps).toString(),
        marginBps: new Dec(r.margin_bps).toFixed(1),
        decidedBy: r.decided_by_name,
      });
    }
    return {
      leadId: lead.lead_id,
      clientName: lead.client_name,
      broker: lead.broker,
      approved: [...approved.values()].sort((a, b) => a.floorLabel.localeCompare(b.floorLabel)),
      waiting: mine.filter((r) => r.status === 'pending').length,
      pitches,
      lowestPitchBps: lowest ? lowest.toFixed(1) : null,
      packMarginsBps: packs.filter((p) => p.lead_id === lead.lead_id).map((p) => p.margin_bps),
    };
  });
}
