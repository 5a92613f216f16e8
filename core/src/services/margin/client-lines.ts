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
import { type ApprovalRecord, approvalsOfLeads } from '../../queries/margin/approvals';
import { belowFloorPitchesOfLeads, clientLeadsIn, packMarginsOfLeads } from '../../queries/margin/clients';
import { type Scope, scopeOf } from '../../queries/scope';
import type { Actor } from '../actor';
import { pitchStates } from './pitch-states';

export type { ClientMarginLine };

/** The lines of the caller's company's leads for a run of London days, by client name. */
export async function clientMarginLines(db: Database, actor: Actor, span: DateSpan): Promise<ClientMarginLine[]> {
  return clientLinesIn(db, scopeOf(actor), span);
}

/** The lines of the scope's company's leads for a run of London days, by client name. */
export async function clientLinesIn(db: Database, scope: Scope, span: DateSpan): Promise<ClientMarginLine[]> {
  const range = { from: londonDayBoundsUtc(span.start).start, to: londonDayBoundsUtc(span.end).end };
  const leads = await clientLeadsIn(db, scope, range);
  if (leads.length === 0) return [];
  const ids = leads.map((l) => l.leadId);
  const [below, ofLeads, packs, states] = await Promise.all([
    belowFloorPitchesOfLeads(db, scope, ids, range),
    approvalsOfLeads(db, scope, ids),
    packMarginsOfLeads(db, scope, ids, range),
    pitchStates(db, scope, range),
  ]);
  // What waits, and what stands: a declined or ended request is no part of a client's story here.
  const requests = ofLeads.filter((r) => r.status === 'pending' || (r.status === 'approved' && r.endedAt === null));
  const stateOf = new Map(states.map((p) => [p.id, p.state]));
  return leads.map((lead) => {
    const pitches = { belowFloor: 0, approved: 0, pending: 0, declined: 0, notAsked: 0 };
    let lowest: Dec | null = null;
    for (const p of below.filter((b) => b.leadId === lead.leadId)) {
      pitches.belowFloor++;
      const state = stateOf.get(p.id);
      if (state) pitches[state]++;
      else pitches.notAsked++;
      const bps = new Dec(p.bps);
      if (!lowest || bps.lt(lowest)) lowest = bps;
    }
    const mine = requests.filter((r) => r.leadId === lead.leadId);
    return {
      leadId: lead.leadId,
      clientName: lead.clientName,
      broker: lead.broker,
      approved: approvedOf(mine),
      waiting: mine.filter((r) => r.status === 'pending').length,
      pitches,
      lowestPitchBps: lowest ? lowest.toFixed(1) : null,
      packMarginsBps: packs.filter((p) => p.leadId === lead.leadId).map((p) => p.marginBps),
    };
  });
}

/** A lead's standing approvals, one per pair and band, by label. */
function approvedOf(requests: ApprovalRecord[]): ClientApproval[] {
  const approved = new Map<string, ClientApproval>();
  for (const r of requests.filter((r) => r.status === 'approved')) {
    // Several standing for one pair and band: the lowest covers what the others do.
    const held = approved.get(r.floorLabel);
    if (held && new Dec(held.marginBps).lte(new Dec(r.marginBps))) continue;
    approved.set(r.floorLabel, {
      floorLabel: r.floorLabel,
      floorBps: new Dec(r.floorBps).toString(),
      marginBps: new Dec(r.marginBps).toFixed(1),
      decidedBy: r.decidedByName,
    });
  }
  return [...approved.values()].sort((a, b) => a.floorLabel.localeCompare(b.floorLabel));
}
