import { SCHEDULE_MESSAGES } from '@pippitch/shared/salesforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchScheduledExports, scheduledSpan } from '../../core/src/services/salesforce/export-schedule';
import { chatterPosts, type MemberSummary } from '../../core/src/services/salesforce/team-summary';
import { errorOf, ownerOfNewCompany, startTestApp, type TestApp } from './helpers';
import { sweepTwice } from './schedule-helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

/** Each scheduled export started, keyed by company, slot and period, with the step at which it appeared. */
function sweep(from: string, to: string) {
  return sweepTwice(
    from,
    to,
    (now) => dispatchScheduledExports(h.t.db, now),
    async () => {
      const rows = await h.t.db
        .selectFrom('export_log as e')
        .innerJoin('companies as c', 'c.id', 'e.company_id')
        .select(['c.name', 'e.slot_key', 'e.period_start', 'e.period_end'])
        .where('e.trigger', '=', 'scheduled')
        .execute();
      return rows.map((r) => `${r.name} ${r.slot_key} ${r.period_start}..${r.period_end}`);
    },
  );
}

describe('export schedules', () => {
  it('validates the cadence with the spec’s bounds', async () => {
    const owner = await ownerOfNewCompany(h, 'Bounds Co');
    const api = owner.c.api.salesforce;
    expect((await errorOf(api.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 6, hour: 9 }))).message).toContain(
      'Monday to Friday',
    );
    expect((await errorOf(api.saveSchedule.mutate({ frequency: 'monthly', dayOfMonth: 29, hour: 9 }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await errorOf(api.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 1, hour: 24 }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(SCHEDULE_MESSAGES.createFailed('x')).toBe('Failed to create schedule: x');
    h.clock.now = new Date('2026-11-24T10:00:00Z');
    await api.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 2, hour: 9 });
    expect(await api.schedule.query()).toMatchObject({
      cadence: { frequency: 'weekly', dayOfWeek: 2, hour: 9 },
      active: true,
      nextRunAt: '2026-12-01T09:00:00.000Z',
    });
    await api.disableSchedule.mutate();
    expect(await api.schedule.query()).toMatchObject({ active: false, nextRunAt: null });
  });

  it('runs each slot once at its London hour across both clock changes, with two dispatchers', async () => {
    // Set up a week before the spring change; schedules set now start with their next slot.
    h.clock.now = new Date('2025-03-20T12:00:00Z');
    const monday = await ownerOfNewCompany(h, 'Monday Nine Co');
    await monday.c.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 1, hour: 9 });
    const friday = await ownerOfNewCompany(h, 'Friday One Co');
    await friday.c.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 5, hour: 1 });
    const monthly = await ownerOfNewCompany(h, 'Monthly Co');
    await monthly.c.api.salesforce.saveSchedule.mutate({ frequency: 'monthly', dayOfMonth: 28, hour: 1 });
    // Saved at 12:00 for 09:00 today: today's slot is not run late.
    const late = await ownerOfNewCompany(h, 'Late Co');
    await late.c.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 4, hour: 9 });

    expect(await sweep('2025-03-20T12:00:00Z', '2025-04-01T00:00:00Z')).toEqual({
      'Friday One Co 2025-03-21 2025-03-15..2025-03-21': '2025-03-21T01:00:00.000Z', // GMT
      'Friday One Co 2025-03-28 2025-03-22..2025-03-28': '2025-03-28T01:00:00.000Z',
      'Monday Nine Co 2025-03-24 2025-03-18..2025-03-24': '2025-03-24T09:00:00.000Z',
      'Monday Nine Co 2025-03-31 2025-03-25..2025-03-31': '2025-03-31T08:00:00.000Z', // BST from 30 March
      'Monthly Co 2025-03 2025-02-01..2025-02-28': '2025-03-28T01:00:00.000Z',
      'Late Co 2025-03-27 2025-03-21..2025-03-27': '2025-03-27T09:00:00.000Z',
    });

    h.clock.now = new Date('2025-10-20T12:00:00Z');
    const autumn = await ownerOfNewCompany(h, 'Autumn Co');
    await autumn.c.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 1, hour: 1 });
    const after = await sweep('2025-10-24T00:00:00Z', '2025-10-28T00:00:00Z');
    expect(Object.entries(after).filter(([k]) => k.startsWith('Autumn Co'))).toEqual([
      ['Autumn Co 2025-10-27 2025-10-21..2025-10-27', '2025-10-27T01:00:00.000Z'], // GMT again
    ]);
    expect(after['Monday Nine Co 2025-10-27 2025-10-21..2025-10-27']).toBe('2025-10-27T09:00:00.000Z');
    expect(after['Friday One Co 2025-10-24 2025-10-18..2025-10-24']).toBe('2025-10-24T00:00:00.000Z'); // 01:00 BST
    // Each slot exactly once: as many export rows as slots seen, and as many jobs.
    const rows = await h.t.db
      .selectFrom('export_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trigger', '=', 'scheduled')
      .executeTakeFirstOrThrow();
    const slots = Object.keys({ ...(await sweep('2025-10-28T00:00:00Z', '2025-10-28T00:00:00Z')) }).length;
    expect(Number(rows.n)).toBe(slots);
  });

  it('exports a month as the previous calendar month and a week as the seven days to the run day', () => {
    expect(
      scheduledSpan(
        { frequency: 'monthly', dayOfMonth: 1, hour: 9 },
        { key: '2026-01', date: '2026-01-01', at: new Date() },
      ),
    ).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(
      scheduledSpan(
        { frequency: 'weekly', dayOfWeek: 5, hour: 9 },
        { key: '2026-11-27', date: '2026-11-27', at: new Date() },
      ),
    ).toEqual({ start: '2026-11-21', end: '2026-11-27' });
  });
});

describe('Chatter posts', () => {
  const member = (i: number): MemberSummary => ({
    name: `Broker number ${i} with a fairly long name`,
    email: `b${i}@x.co.uk`,
    calculations: i,
    clients: i % 7,
    savings: `${i * 1000}.50`,
    losses: 0,
    excluded: 0,
  });

  it('says how many pitches were losses or off-market, apart from the savings (issue 22)', () => {
    const [post] = chatterPosts({
      companyName: 'Acme FX',
      span: { start: '2026-11-01', end: '2026-11-24' },
      members: [{ ...member(1), losses: 1, excluded: 2 }],
    });
    expect(post).toContain(
      '£1,000.50 annual savings pitched (1 where the competitor was cheaper, 2 not counted (off-market or below the mid))',
    );
    expect(post).toContain('Totals in GBP; euro figures converted at the EUR/GBP mid each calculation used.');
  });

  it('fits a team in one post', () => {
    const posts = chatterPosts({
      companyName: 'Acme FX',
      span: { start: '2026-11-01', end: '2026-11-24' },
      members: [member(1), member(2)],
    });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('PipPitch team activity for Acme FX, 1 Nov 2026 to 24 Nov 2026 (London time)');
    expect(posts[0]).toContain('Team: 3 calculations, 3 clients pitched, £3,001.00 annual savings pitched');
  });

  it('splits a long export into numbered parts at line ends, losing no line', () => {
    const members = Array.from({ length: 200 }, (_, i) => member(i + 1));
    const posts = chatterPosts(
      { companyName: 'Big Team Ltd', span: { start: '2026-11-01', end: '2026-11-24' }, members },
      2000,
    );
    expect(posts.length).toBeGreaterThan(5);
    posts.forEach((p, i) => {
      expect(p.length).toBeLessThanOrEqual(2000);
      expect(p.split('\n')[0]).toBe(
        `PipPitch team activity for Big Team Ltd, 1 Nov 2026 to 24 Nov 2026 (London time) (part ${i + 1} of ${posts.length})`,
      );
    });
    const lines = posts.flatMap((p) => p.split('\n')).filter((l) => l.startsWith('• '));
    expect(lines).toHaveLength(200);
    expect(lines[199]).toContain('Broker number 200 with a fairly long name: 200 calculations');
  });
});
