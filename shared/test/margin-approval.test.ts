import { describe, expect, it } from 'vitest';
import {
  approvalNeededText,
  approvalsNeeded,
  grantCovers,
  grantStandsUnder,
  type MarginGrant,
  pitchApprovalState,
} from '../src/margin-approval';
import { floorFor, type MarginPolicy } from '../src/margin-policy';

// Issue 32: the one rule every artefact is judged by. GBP/USD has a 100 bps floor from £100k to £1m and 40 bps over
// £1m; GBP/EUR has none.
const POLICY: MarginPolicy = {
  floors: {
    GBPUSD: [
      { fromGbp: 100_000, toGbp: 1_000_000, floorBps: 100 },
      { fromGbp: 1_000_000, toGbp: null, floorBps: 40 },
    ],
  },
  marginOptions: [0, 10, 20],
};
const LEAD = 'lead-1';
const MID_BAND = { fromGbp: 100_000, toGbp: 1_000_000 };
const grant = (over: Partial<MarginGrant> = {}): MarginGrant => ({
  leadId: LEAD,
  pair: 'GBPUSD',
  band: MID_BAND,
  floorBps: 100,
  marginBps: '20.0',
  endedAt: null,
  ...over,
});
const row = (marginBps: string, ticketGbp: string | null = '250000', gbpPerYear: string | null = '500.00') =>
  ({ pair: 'GBPUSD', ticketGbp, marginBps, gbpPerYear }) as const;

describe('approvalsNeeded', () => {
  it('nothing at or above the floor, nor for a pair without one', () => {
    expect(approvalsNeeded(POLICY, LEAD, [row('100.0'), { ...row('1.0'), pair: 'GBPEUR' }], [])).toEqual([]);
  });

  it('one need per pair and band, at the lowest margin shown there, its pounds summed', () => {
    const needs = approvalsNeeded(POLICY, LEAD, [row('60.4'), row('10'), row('35', '2000000', '100.00')], []);
    expect(needs.map((n) => [n.floor.label, n.marginBps, n.gbpPerYear, n.approvedBps])).toEqual([
      ['GBP/USD £100k–£1m', '10.0', '1000.00', null],
      ['GBP/USD over £1m', '35.0', '100.00', null],
    ]);
  });

  it('a grant covers its lead, pair and band at or above its margin; a lower margin needs a new one', () => {
    expect(approvalsNeeded(POLICY, LEAD, [row('20.0')], [grant()])).toEqual([]);
    expect(approvalsNeeded(POLICY, LEAD, [row('55')], [grant()])).toEqual([]);
    const lower = approvalsNeeded(POLICY, LEAD, [row('10')], [grant()]);
    expect(lower.map((n) => [n.marginBps, n.approvedBps])).toEqual([['10.0', '20.0']]);
    expect(approvalNeededText(lower[0] as never, 'This pack')).toBe(
      "This pack shows 10.0 bps, below the 20 bps approved under the desk's floor of 100 bps for GBP/USD £100k–£1m: ask for approval of 10.0 bps",
    );
  });

  it('another lead, pair, band or floor is not covered; nor is an ended grant', () => {
    const at = [row('30')];
    for (const other of [
      grant({ leadId: 'lead-2' }),
      grant({ band: { fromGbp: 1_000_000, toGbp: null } }),
      grant({ floorBps: 90 }),
      grant({ pair: 'GBPEUR' }),
      grant({ endedAt: '2026-11-01T00:00:00.000Z' }),
    ]) {
      expect(approvalsNeeded(POLICY, LEAD, at, [other])).toHaveLength(1);
    }
  });

  it('a row without a known ticket is held to the pair’s highest floor', () => {
    const [need] = approvalsNeeded(POLICY, LEAD, [row('50', null, null)], []);
    expect([need?.floor.label, need?.gbpPerYear]).toEqual(['GBP/USD £100k–£1m', null]);
  });

  it('the refusal without an approval says what to do', () => {
    const [need] = approvalsNeeded(POLICY, LEAD, [row('10')], []);
    expect(approvalNeededText(need as never, 'This pack')).toBe(
      "This pack shows 10.0 bps, below the desk's floor of 100 bps for GBP/USD £100k–£1m: ask for approval first",
    );
  });
});

describe('grants over time', () => {
  const floor = floorFor(POLICY, 'GBPUSD', '250000');
  if (!floor) throw new Error('no floor');
  it('a pitch shown before its grant ended stays covered; one shown after is not', () => {
    const ended = grant({ endedAt: '2026-11-20T12:00:00.000Z' });
    expect(grantCovers(ended, { leadId: LEAD, floor, marginBps: '30', at: '2026-11-20T11:59:59.000Z' })).toBe(true);
    expect(grantCovers(ended, { leadId: LEAD, floor, marginBps: '30', at: '2026-11-20T12:00:00.000Z' })).toBe(false);
    expect(grantCovers(ended, { leadId: LEAD, floor, marginBps: '30', at: null })).toBe(false);
  });

  it('stands while its band keeps its floor; a raised, lowered or removed floor or a moved edge ends it', () => {
    expect(grantStandsUnder(POLICY, grant())).toBe(true);
    const bands = POLICY.floors.GBPUSD ?? [];
    const withMid = (b: { fromGbp: number; toGbp: number | null; floorBps: number }) => ({
      ...POLICY,
      floors: { GBPUSD: [b, ...bands.slice(1)] },
    });
    expect(grantStandsUnder(withMid({ ...MID_BAND, floorBps: 120 }), grant())).toBe(false);
    expect(grantStandsUnder(withMid({ ...MID_BAND, floorBps: 80 }), grant())).toBe(false);
    expect(grantStandsUnder(withMid({ fromGbp: 50_000, toGbp: 1_000_000, floorBps: 100 }), grant())).toBe(false);
    expect(grantStandsUnder({ ...POLICY, floors: {} }, grant())).toBe(false);
    // Another pair's change leaves it standing.
    expect(
      grantStandsUnder({ ...POLICY, floors: { ...POLICY.floors, GBPEUR: [{ ...MID_BAND, floorBps: 5 }] } }, grant()),
    ).toBe(true);
  });

  it('a pitch’s state: approved, pending, declined or not asked, from its lead’s requests', () => {
    const pitch = { leadId: LEAD, floor, marginBps: '30.0', at: '2026-11-20T10:00:00.000Z' };
    expect(pitchApprovalState(pitch, [])).toBe('not asked');
    expect(pitchApprovalState({ ...pitch, leadId: null }, [{ ...grant(), status: 'approved' }])).toBe('not asked');
    expect(pitchApprovalState(pitch, [{ ...grant({ marginBps: '25' }), status: 'declined' }])).toBe('declined');
    expect(pitchApprovalState(pitch, [{ ...grant({ marginBps: '25' }), status: 'pending' }])).toBe('pending');
    expect(pitchApprovalState(pitch, [{ ...grant(), status: 'approved' }])).toBe('approved');
    // Approved at 40: the pitch at 30 is below what was approved.
    expect(pitchApprovalState(pitch, [{ ...grant({ marginBps: '40' }), status: 'approved' }])).toBe('not asked');
  });
});
