/**
 * On-demand work is one at a time per company and a few an hour (issue 19), whatever the request shape: a batch,
 * parallel calls. The worker-side fairness (another company's report is not held up) is in
 * worker/test/on-demand-fairness.test.ts.
 */
import { ON_DEMAND_MESSAGES } from '@pippitch/shared/on-demand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReport } from '../../core/src/services/reports/generate';
import { errorOf, ownerOfNewCompany, startTestApp, type TestApp, type TestClient } from './helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

async function withClientData(name: string) {
  const owner = await ownerOfNewCompany(h, name);
  await h.t.db.updateTable('companies').set({ client_data_enabled: true }).where('id', '=', owner.companyId).execute();
  return owner;
}

/** `count` calls of `path` (no input) as one tRPC batch with `c`'s session; each call's HTTP status. */
async function batch(c: TestClient, path: string, count: number): Promise<{ status: number; message: string }[]> {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const body = Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i), {}]));
  const res = await fetch(`${h.url}/trpc/${Array(count).fill(path).join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: h.url },
    body: JSON.stringify(body),
  });
  const answers = (await res.json()) as { error?: { message: string; data: { httpStatus: number } } }[];
  return answers.map((a) => ({ status: a.error?.data.httpStatus ?? 200, message: a.error?.message ?? '' }));
}

describe('on-demand work per company', () => {
  it('queues one test report at a time, however many are asked for at once', async () => {
    const owner = await withClientData('Flood Reports Ltd');
    const answers = (await Promise.all([1, 2, 3].map(() => batch(owner.c, 'reports.sendTest', 10)))).flat();
    expect(answers).toHaveLength(30);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toEqual({ status: 429, message: ON_DEMAND_MESSAGES.testReport.busy });
    }
    const rows = await h.t.db
      .selectFrom('monthly_reports')
      .select('id')
      .where('company_id', '=', owner.companyId)
      .execute();
    expect(rows).toHaveLength(1);
    // Another company is not affected.
    const other = await withClientData('Quiet Reports Ltd');
    expect((await other.c.api.reports.sendTest.mutate()).reportId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows five test reports an hour; the refused ones use none of the allowance', async () => {
    const owner = await withClientData('Hourly Reports Ltd');
    for (let i = 0; i < 5; i++) {
      const { reportId } = await owner.c.api.reports.sendTest.mutate();
      // While it is being prepared, another is refused as busy (not counted).
      expect(await errorOf(owner.c.api.reports.sendTest.mutate())).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: ON_DEMAND_MESSAGES.testReport.busy,
      });
      await generateReport(h.t.db, reportId, () => h.clock.now, h.url);
    }
    expect(await errorOf(owner.c.api.reports.sendTest.mutate())).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: ON_DEMAND_MESSAGES.testReport.hourly,
    });
  });

  it('keeps one manual export in progress per company', async () => {
    const owner = await ownerOfNewCompany(h, 'Export Flood Ltd');
    const input = { userIds: [owner.userId], period: 'month' as const };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        owner.c.api.salesforce.exportNow.mutate(input).then(
          () => 'queued',
          (e: unknown) => errorOf(Promise.reject(e)),
        ),
      ),
    );
    expect(results.filter((r) => r === 'queued')).toHaveLength(1);
    expect(results.filter((r) => r !== 'queued')).toEqual(
      Array(7).fill({ code: 'TOO_MANY_REQUESTS', message: ON_DEMAND_MESSAGES.exportNow.busy }),
    );
  });

  it('allows ten test exports an hour', async () => {
    const owner = await ownerOfNewCompany(h, 'Test Export Ltd');
    for (let i = 0; i < 10; i++) {
      // Not connected: each test is tried (and fails with its message), and counts.
      expect((await errorOf(owner.c.api.salesforce.testExport.mutate())).code).toBe('BAD_REQUEST');
    }
    expect(await errorOf(owner.c.api.salesforce.testExport.mutate())).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: ON_DEMAND_MESSAGES.testExport.hourly,
    });
  });

  it('keeps a company’s newest ten test reports', async () => {
    const owner = await withClientData('Many Reports Ltd');
    const old = Array.from({ length: 12 }, (_, i) => ({
      company_id: owner.companyId,
      kind: 'test',
      status: 'ready',
      period_start: '2026-10-01',
      period_end: '2026-10-30',
      created_at: new Date(Date.UTC(2026, 9, 1 + i)),
    }));
    await h.t.db.insertInto('monthly_reports').values(old).execute();
    const { reportId } = await owner.c.api.reports.sendTest.mutate();
    await generateReport(h.t.db, reportId, () => h.clock.now, h.url);
    const kept = await h.t.db
      .selectFrom('monthly_reports')
      .select('id')
      .where('company_id', '=', owner.companyId)
      .orderBy('created_at', 'desc')
      .execute();
    expect(kept).toHaveLength(10);
    expect(kept[0]!.id).toBe(reportId);
  });
});
