import { Dec } from './decimal';
import { type FloorApplied, type FloorBand, floorFor, isBelowFloor, type MarginPolicy } from './margin-policy';
import type { CurrencyPair } from './pairs';

// Issue 32: every artefact is judged on its own figures. A pitch, an evidence pack (its stated margin on each priced
// row), a share link, a PDF, a report line: each margin it shows below the floor for its pair and ticket band needs
// an approval for that margin — granted for a lead (by id), a pair, a band and a margin; it covers any margin of that
// lead, pair and band at or above the approved bps, until an admin withdraws it or the policy moves that band's
// floor. A lower margin needs a new approval. One home for the rule: the browser (which offers 'Ask for approval'),
// the server's gate, the jobs and the tests all call these functions.

/** One margin an artefact shows. */
export interface ShownMargin {
  pair: CurrencyPair;
  /** The ticket in pounds at the mid, which picks the band; null when unknown (a pack row without a price). */
  ticketGbp: string | null;
  /** In bps of the mid, as shown (1 dp is what the floor is checked against). */
  marginBps: string;
  /** The margin in pounds a year this figure stands for, when known: what the admin gives away by approving. */
  gbpPerYear?: string | null;
}

/** An approval as the rule reads it (a granted request). */
export interface MarginGrant {
  leadId: string;
  pair: string;
  band: Pick<FloorBand, 'fromGbp' | 'toGbp'>;
  /** The floor it was granted under: a change of that band's floor ends it. */
  floorBps: number;
  /** The lowest margin it allows, in bps. */
  marginBps: string;
  /** ISO instant it ended (withdrawn, or the policy moved its floor); null while it stands. */
  endedAt: string | null;
}

/** What an approval is needed for: a pair and band under its floor, at the lowest margin shown there. */
export interface ApprovalNeed {
  floor: FloorApplied;
  marginBps: string;
  /** Summed over the figures of that pair and band that know it; null when none does. */
  gbpPerYear: string | null;
  /** The highest margin a standing approval of this lead, pair and band allows down to, if any: 'ask again'. */
  approvedBps: string | null;
}

const bps1 = (value: string) => new Dec(value).toDecimalPlaces(1);

function sameBand(a: Pick<FloorBand, 'fromGbp' | 'toGbp'>, b: Pick<FloorBand, 'fromGbp' | 'toGbp'>): boolean {
  return Number(a.fromGbp) === Number(b.fromGbp) && (a.toGbp === null ? b.toGbp === null : Number(a.toGbp) === b.toGbp);
}

/**
 * The floor for a figure: its band by ticket; a figure whose ticket is unknown is held to the pair's highest floor,
 * so a missing price never lets a margin through that a known one would stop.
 */
export function floorOfShown(
  policy: MarginPolicy,
  shown: Pick<ShownMargin, 'pair' | 'ticketGbp'>,
): FloorApplied | null {
  if (shown.ticketGbp !== null) return floorFor(policy, shown.pair, shown.ticketGbp);
  const bands = policy.floors[shown.pair] ?? [];
  const top = bands.reduce<FloorBand | null>((best, b) => (best && best.floorBps >= b.floorBps ? best : b), null);
  return top ? floorFor(policy, shown.pair, String(top.fromGbp)) : null;
}

/** Whether an approval has not ended, or had not yet ended at `at` (a pitch shown then stays covered). */
function grantLiveAt(grant: MarginGrant, at: string | null): boolean {
  if (grant.endedAt === null) return true;
  return at !== null && Date.parse(at) < Date.parse(grant.endedAt);
}

/** Whether a grant is for this lead, pair, band and floor (whatever margin it allows). */
export function grantMatches(grant: MarginGrant, leadId: string, floor: FloorApplied): boolean {
  return (
    grant.leadId === leadId &&
    grant.pair === floor.pair &&
    sameBand(grant.band, floor.band) &&
    Number(grant.floorBps) === floor.floorBps
  );
}

/**
 * Does a grant cover a margin of this lead under this floor? Same lead, pair, band and floor, a margin at or above
 * the approved one (as shown, 1 dp), and standing — now (`at` null: a new pack, link or PDF) or when the figure was
 * shown (a saved pitch).
 */
export function grantCovers(
  grant: MarginGrant,
  figure: { leadId: string; floor: FloorApplied; marginBps: string; at: string | null },
): boolean {
  return (
    grantMatches(grant, figure.leadId, figure.floor) &&
    bps1(figure.marginBps).gte(bps1(grant.marginBps)) &&
    grantLiveAt(grant, figure.at)
  );
}

/**
 * What an artefact of a lead needs before it may go out under `policy`: for each pair and band where a figure is
 * below the floor and no standing grant covers it, the lowest margin shown there. Empty: it may go.
 */
export function approvalsNeeded(
  policy: MarginPolicy,
  leadId: string,
  shown: readonly ShownMargin[],
  grants: readonly MarginGrant[],
): ApprovalNeed[] {
  const needs = new Map<string, ApprovalNeed & { known: boolean }>();
  for (const figure of shown) {
    const floor = floorOfShown(policy, figure);
    if (!floor || !isBelowFloor(figure.marginBps, floor)) continue;
    const key = `${floor.pair}|${floor.band.fromGbp}`;
    const need = needs.get(key) ?? {
      floor,
      marginBps: figure.marginBps,
      gbpPerYear: null,
      approvedBps: null,
      known: false,
    };
    if (bps1(figure.marginBps).lt(bps1(need.marginBps))) need.marginBps = figure.marginBps;
    if (figure.gbpPerYear != null) {
      need.gbpPerYear = new Dec(need.gbpPerYear ?? 0).plus(figure.gbpPerYear).toFixed(2);
      need.known = true;
    }
    needs.set(key, need);
  }
  const out: ApprovalNeed[] = [];
  for (const { known: _known, ...need } of needs.values()) {
    const standing = grants.filter((g) => g.endedAt === null && grantMatches(g, leadId, need.floor));
    if (standing.some((g) => grantCovers(g, { leadId, floor: need.floor, marginBps: need.marginBps, at: null }))) {
      continue;
    }
    const lowest = standing.reduce<string | null>(
      (best, g) => (best === null || bps1(g.marginBps).lt(bps1(best)) ? g.marginBps : best),
      null,
    );
    out.push({ ...need, marginBps: bps1(need.marginBps).toFixed(1), approvedBps: lowest });
  }
  return out;
}

/**
 * Does a grant still stand under a new policy? Only while its band (same edges) keeps the floor it was granted
 * under; a floor raised, lowered or removed, or the band moved, ends it.
 */
export function grantStandsUnder(policy: MarginPolicy, grant: Omit<MarginGrant, 'leadId' | 'marginBps'>): boolean {
  const bands = policy.floors[grant.pair as CurrencyPair] ?? [];
  return bands.some((b) => sameBand(b, grant.band) && b.floorBps === Number(grant.floorBps));
}

/** The gate's refusal, naming the figure, the floor and, when one stands, the approval it is below. */
export function approvalNeededText(
  need: Pick<ApprovalNeed, 'floor' | 'marginBps' | 'approvedBps'>,
  what: string,
): string {
  const floor = `the desk's floor of ${need.floor.floorBps} bps for ${need.floor.label}`;
  if (need.approvedBps !== null) {
    return `${what} shows ${need.marginBps} bps, below the ${bps1(need.approvedBps).toString()} bps approved under ${floor}: ask for approval of ${need.marginBps} bps`;
  }
  return `${what} shows ${need.marginBps} bps, below ${floor}: ask for approval first`;
}

/** The state of a margin below the floor, as the card, the CSV, the report and the Salesforce post name it. */
export type BelowFloorState = 'approved' | 'pending' | 'declined' | 'not asked';

/**
 * A saved pitch's state, from the grants and requests of its lead: approved when a grant covers it (as it stood
 * when the pitch was made), else the latest request of its lead, pair and band at or below its margin.
 */
export function pitchApprovalState(
  figure: { leadId: string | null; floor: FloorApplied; marginBps: string; at: string },
  requests: readonly (MarginGrant & { status: 'pending' | 'approved' | 'declined' })[],
): BelowFloorState {
  const { leadId } = figure;
  if (!leadId) return 'not asked';
  const mine = requests.filter(
    (r) => grantMatches(r, leadId, figure.floor) && bps1(figure.marginBps).gte(bps1(r.marginBps)),
  );
  if (mine.some((r) => r.status === 'approved' && grantCovers(r, { ...figure, leadId }))) return 'approved';
  if (mine.some((r) => r.status === 'pending')) return 'pending';
  if (mine.some((r) => r.status === 'declined')) return 'declined';
  return 'not asked';
}
