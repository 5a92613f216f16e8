// Issue 14 §3: evidence packs from a prospect's past trades, priced at each trade's minute: the figures, worked
// by hand, each trade's source, the clock changes, the bad rows, the totals.
import { simulatedTradesNote, tradeSourceText } from '@pippitch/shared/pack';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers';
import { HAND_WORKED, packsTestApp } from './packs-fixture';

const pk = packsTestApp();

describe('pricing a pack', () => {
  let pack: Awaited<ReturnType<TestClient['api']['packs']['create']['mutate']>>;
  beforeAll(async () => {
    const { bob, leadId } = pk;
    pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED, marginBps: 20 });
  });

  it('prices buys and sells against the mid at their minute, in bps and in £, and what they cost with us', () => {
    // Sell GBP at 1.3000 against a mid of 1.3100: (1.31 − 1.30) ÷ 1.31 = 76.3 bps; £100,000 × that = £763.36;
    // our 20 bps = £200.00; saving £563.36. Buying at 1.3200 is the same gap the other way.
    expect(pack.trades[0]).toMatchObject({
      pair: 'GBPUSD',
      direction: 'sell',
      at: '2025-10-29T14:05:00.000Z',
      mid: { rate: '1.310000', at: '2025-10-29T14:05:00.000Z', minutesBefore: 0 },
      markupBps: '76.3',
      markupGbp: '763.36',
      ourCostGbp: '200.00',
      savingGbp: '563.36',
      note: null,
    });
    expect(pack.trades[1]).toMatchObject({
      direction: 'buy',
      amount: '100000',
      markupBps: '76.3',
      markupGbp: '763.36',
    });
  });

  it('serves GBPEUR from EURGBP inverted, and puts EURUSD markups in £ at the minute’s EUR/GBP mid', () => {
    // 1 ÷ 0.88 = 1.136364; (1.136364 − 1.1250) ÷ 1.136364 = 100.0 bps; £50,000 × that = £500.02.
    expect(pack.trades[2]).toMatchObject({
      pair: 'GBPEUR',
      mid: { rate: '1.136364' },
      markupBps: '100.0',
      markupGbp: '500.02',
      savingGbp: '400.02',
    });
    // Buying EUR 10,000 at 1.1700 against 1.1600: 86.2 bps; in £: 10,000 × 0.88 = £8,800 × 0.0086207 = £75.86.
    expect(pack.trades[3]).toMatchObject({
      pair: 'EURUSD',
      amountGbp: '8800.00',
      markupBps: '86.2',
      markupGbp: '75.86',
    });
  });

  it("names each trade's minute source, flags those priced on a simulated minute and counts them", () => {
    expect(pack.trades[3]!.mid).toMatchObject({ source: 'Dukascopy', simulated: false });
    expect(pack.trades[0]!.mid).toMatchObject({ source: 'ECB-anchored, simulated', simulated: true });
    expect(tradeSourceText(pack.trades[3]!)).toBe('Dukascopy');
    expect(tradeSourceText(pack.trades[0]!)).toBe('ECB-anchored, simulated');
    expect(tradeSourceText(pack.trades[4]!)).toBe(
      'ECB-anchored, simulated · Price from 3 min before (no bar at this minute)',
    );
    // A simulated minute whose words do not say so is flagged in words.
    const unnamed = { ...pack.trades[0]!, mid: { ...pack.trades[0]!.mid!, source: 'Stored price' } };
    expect(tradeSourceText(unnamed)).toBe('Simulated minute (Stored price)');
    const priced = pack.trades.filter((t) => t.mid).length;
    expect(simulatedTradesNote(pack.trades)).toBe(
      `${priced - 1} of ${priced} trades priced on simulated minutes (ECB reference rates with simulated movement, not traded prices): their figures are indicative.`,
    );
  });

  it('uses the latest price up to 5 minutes before and says so; with none, no figures and the reason', () => {
    expect(pack.trades[4]).toMatchObject({
      mid: { at: '2025-10-31T21:59:00.000Z', minutesBefore: 3 },
      markupBps: '76.9',
      note: 'Price from 3 min before (no bar at this minute)',
    });
    expect(pack.trades[5]).toMatchObject({
      date: '2025-11-01',
      mid: null,
      markupBps: null,
      savingGbp: null,
      note: 'No price within 5 minutes before this time',
    });
  });

  it('reads London times across the clock changes', () => {
    expect(pack.trades[6]).toMatchObject({ at: '2025-03-30T02:00:00.000Z', mid: { rate: '1.290000' } });
    expect(pack.trades[7]).toMatchObject({ at: '2025-10-26T00:30:00.000Z', mid: { rate: '1.280000' } });
  });

  it('lists every bad row with its reason and leaves it out', () => {
    expect(pack.trades).toHaveLength(8);
    expect(pack.badRows.map((r) => [r.line, r.reason])).toEqual([
      [10, '01:30 did not exist in London on 30 Mar 2025 (the clocks went forward)'],
      [11, "Pair 'USDJPY' is not one we price (GBPUSD, GBPEUR, EURUSD, GBPNOK, GBPSEK, GBPAUD)"],
      [12, "Time '25:00' is not a London time (use 14:05)"],
      [13, "Direction 'hold' must be buy or sell"],
      [14, "Amount '-5' must be a number above zero"],
      [15, 'Expected 6 values (date,time,pair,direction,amount,rate), found 5'],
    ]);
  });

  it('totals the priced trades and scales the saving to a year over at least 30 days', () => {
    const priced = pack.trades.filter((t) => t.savingGbp !== null);
    expect(pack.totals).toMatchObject({ trades: 8, priced: priced.length, from: '2025-03-30', to: '2025-11-01' });
    const saving = priced.reduce((s, t) => s + Number(t.savingGbp), 0);
    expect(Number(pack.totals.savingGbp)).toBeCloseTo(saving, 2);
    // 30 Mar → 1 Nov 2025 is 217 days.
    expect(pack.totals.spanDays).toBe(217);
    expect(Number(pack.totals.annualisedSavingGbp)).toBeCloseTo((saving * 365) / 217, 1);
  });

  it('is saved on the lead and read back the same', async () => {
    const { bob, leadId } = pk;
    expect(await bob.api.packs.get.query({ id: pack.id })).toEqual(pack);
    expect(await bob.api.packs.forLead.query({ leadId })).toEqual([
      { id: pack.id, createdAt: pack.createdAt, marginBps: 20, totals: pack.totals },
    ]);
  });
});
