/**
 * One story per client (issue 32 §4): a lead's line on the dashboard's margin card and in its CSV — the margin the
 * desk approved for it, what waits, and the pitches and packs under it — as the server's client-lines service
 * returns it, and in words written once for the card and the CSV.
 */
import { outcomesText, pitchesText } from './margin-conceded-words';

export interface ClientApproval {
  /** The pair and band, as the request named them ('GBP/USD £100k–£1m'). */
  floorLabel: string;
  floorBps: string;
  /** The approved margin (bps, 1 dp): it covers any figure of the lead's pair and band at or above it. */
  marginBps: string;
  decidedBy: string | null;
}

export interface ClientMarginLine {
  leadId: string;
  clientName: string;
  broker: string;
  /** The approvals standing now for the lead, per pair and band the lowest (what the desk allows), by label. */
  approved: ClientApproval[];
  /** Requests for the lead waiting for a decision. */
  waiting: number;
  /** The lead's pitches of the range below the floor, by what became of them (the shared rule). */
  pitches: { belowFloor: number; approved: number; pending: number; declined: number; notAsked: number };
  /** The lowest margin of those pitches (bps, 1 dp), null when none went below. */
  lowestPitchBps: string | null;
  /** The lead's evidence packs of the range: their stated margins (bps), oldest first. */
  packMarginsBps: number[];
}

/** The per-client CSV of the dashboard's range (admins' download gate). */
export const MARGIN_CLIENTS_CSV_PATH = '/api/margin/clients.csv';

/** 'Approved: GBP/USD £100k–£1m at 20.0 bps (floor 50 bps, Adam Admin)' — or that nothing stands, and what waits. */
export function clientApprovedText(line: Pick<ClientMarginLine, 'approved' | 'waiting'>): string {
  const approved = line.approved.map(
    (a) => `${a.floorLabel} at ${a.marginBps} bps (floor ${a.floorBps} bps${a.decidedBy ? `, ${a.decidedBy}` : ''})`,
  );
  const head = approved.length > 0 ? `Approved: ${approved.join('; ')}` : 'No approval standing';
  return line.waiting > 0 ? `${head} · ${line.waiting} waiting for a decision` : head;
}

/** '2 pitches below the floor, lowest 20.0 bps: 2 approved' — the states with none left out. */
export function clientPitchesText(line: Pick<ClientMarginLine, 'pitches' | 'lowestPitchBps'>): string {
  const p = line.pitches;
  if (p.belowFloor === 0) return 'No pitch below the floor';
  return `${pitchesText(p.belowFloor)} below the floor, lowest ${line.lowestPitchBps} bps: ${outcomesText(p)}`;
}

/** '2 packs at 20 and 41 bps' / '1 pack at 20 bps' / 'No pack'. */
export function clientPacksText(line: Pick<ClientMarginLine, 'packMarginsBps'>): string {
  const m = line.packMarginsBps;
  if (m.length === 0) return 'No pack';
  const margins = m.length === 1 ? `${m[0]}` : `${m.slice(0, -1).join(', ')} and ${m.at(-1)}`;
  return `${m.length} ${m.length === 1 ? 'pack' : 'packs'} at ${margins} bps`;
}
