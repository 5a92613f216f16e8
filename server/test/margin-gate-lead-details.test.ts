import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers';
import { admin, admin2, broker, FLOOR, h, leadId, pitch, rival, useGateDesk } from './margin-gate-fixture';

// Issue 32 §2: asking from a lead's details (the desk: margin-gate-fixture.ts).
useGateDesk();

describe("asking from the lead's details (issue 32 §2)", () => {
  it('each pitch shows the rule’s state; asking saves no pitch; one decision covers the client’s pitches at or above it', async () => {
    await admin.api.margin.updatePolicy.mutate(FLOOR(50));
    const first = await pitch('Lead Details Ltd', '1.3500'); // 41.3 bps: below
    const dearer = await pitch('Lead Details Ltd', '1.34950'); // 45.0 bps: below, above 41.3
    const cheaper = await pitch('Lead Details Ltd', '1.3520'); // 26.6 bps: below 41.3
    const above = await pitch('Lead Details Ltd', '1.3474'); // 60.5 bps: above the floor
    const lead = await leadId('Lead Details Ltd');
    // What the lead's details read (Calculation Details): each pitch's state by the shared rule.
    const states = async () =>
      Object.fromEntries(
        (await broker.api.margin.pitchesToClient.query({ companyName: 'Lead Details Ltd' })).map((r) => [
          r.calculationId,
          r.state,
        ]),
      );
    expect(await states()).toEqual({
      [first]: 'not asked',
      [dearer]: 'not asked',
      [cheaper]: 'not asked',
      [above]: null,
    });
    const pitches = async () =>
      (await h.t.db.selectFrom('calculations').select('id').where('lead_id', '=', lead).execute()).length;
    expect(await pitches()).toBe(4);

    const asked = await broker.api.margin.requestApproval.mutate({
      calculationId: first,
      reason: 'Leaving their bank',
    });
    // The figures the admin decides on; no duplicate pitch is saved to ask.
    expect(asked).toMatchObject({
      leadId: lead,
      calculationId: first,
      pair: 'GBPUSD',
      marginBps: '41.3',
      floorBps: '50',
      floorLabel: 'GBP/USD £100k–£1m',
      reason: 'Leaving their bank',
      status: 'pending',
    });
    expect(Number(asked.gbpPerYear)).toBeGreaterThan(0);
    expect(await pitches()).toBe(4);
    expect((await admin.api.margin.queue.query()).map((r) => r.id)).toContain(asked.id);
    expect(await states()).toEqual({ [first]: 'pending', [dearer]: 'pending', [cheaper]: 'not asked', [above]: null });

    // Only the member's own pitch: another member (even an admin) or another desk cannot ask with its id.
    expect(await errorOf(admin.api.margin.requestApproval.mutate({ calculationId: first, reason: 'x' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Pitch not found',
    });
    expect(await errorOf(rival.api.margin.requestApproval.mutate({ calculationId: first, reason: 'x' }))).toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );

    await admin2.api.margin.decide.mutate({ id: asked.id, decision: 'approved' });
    // The broker sees the decision where they asked: the pitch's record, and the dearer pitch by the same decision.
    const records = await broker.api.margin.pitchesToClient.query({ companyName: 'Lead Details Ltd' });
    expect(records.find((r) => r.calculationId === first)?.approval).toMatchObject({
      status: 'approved',
      reason: 'Leaving their bank',
    });
    expect(await states()).toEqual({
      [first]: 'approved',
      [dearer]: 'approved',
      [cheaper]: 'not asked',
      [above]: null,
    });
    expect(await errorOf(broker.api.margin.requestApproval.mutate({ calculationId: dearer, reason: 'x' }))).toEqual({
      code: 'CONFLICT',
      message: 'This pitch is already approved',
    });
    // The cheaper pitch needs its own approval, asked from its line.
    const again = await broker.api.margin.requestApproval.mutate({ calculationId: cheaper, reason: 'Price match' });
    expect(again).toMatchObject({ marginBps: '26.6', status: 'pending' });
    expect(await pitches()).toBe(4);
  });
});
