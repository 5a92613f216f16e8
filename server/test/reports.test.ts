import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPORT_MESSAGES } from '@pippitch/shared/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../core/src/providers/email/types';
import { systemScope } from '../../core/src/queries/scope';
import { deliverDueEmails } from '../../core/src/services/email/deliver';
import { dispatchMonthlyReports } from '../../core/src/services/reports/dispatch';
import { generateReport } from '../../core/src/services/reports/generate';
import { renderReportPdf } from '../../core/src/services/reports/render-pdf';
import { reportData } from '../../core/src/services/reports/report-data';
import { addCalculationAt, setFloorsAt } from './activity-helpers';
import { addMember, errorOf, ownerOfNewCompany, signedIn, startTestApp, type TestApp } from './helpers';
import { sweepTwice } from './schedule-helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

/** The PDF's text as poppler's pdftotext reads it (layout kept, so a table row stays on one line). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function withClientData(name: string) {
  const owner = await ownerOfNewCompany(h, name);
  await h.t.db.updateTable('companies').set({ client_data_enabled: true }).where('id', '=', owner.companyId).execute();
  return owner;
}

const reportRow = (companyId: string) =>
  h.t.db.selectFrom('monthly_reports').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'desc');

describe('monthly client reports', () => {
  it('holds each broker’s clients once with their latest figures, the totals and the sources', async () => {
    h.clock.now = new Date('2026-10-01T08:00:00Z');
    const owner = await withClientData('Report Figures Ltd');
    const amy = await addMember(h, 'Report Figures Ltd', 'amy@reportfiguresltd.co.uk', 'junior');
    const ben = await addMember(h, 'Report Figures Ltd', 'ben@reportfiguresltd.co.uk', 'junior');
    // Tesco twice (Tesco Ltd is the same client): the later figures count, once.
    await addCalculationAt(h, amy, '2026-10-03T10:00:00Z', { client: 'Tesco PLC', amount: '100000' });
    await addCalculationAt(h, amy, '2026-10-20T10:00:00Z', { client: 'Tesco Ltd' });
    await addCalculationAt(h, amy, '2026-10-21T10:00:00Z', { client: 'Boots', tradesPerYear: 12 });
    await addCalculationAt(h, ben, '2026-10-31T23:30:00Z', { client: 'Greggs' }); // 23:30 GMT: still October
    await addCalculationAt(h, ben, '2026-11-01T00:30:00Z', { client: 'Outside' }); // November
    await owner.c.api.reports.setSchedule.mutate({ dayOfMonth: 1, hour: 9 });
    expect(await owner.c.api.reports.schedule.query()).toMatchObject({ available: true, state: 'active' });

    const slot = new Date('2026-11-01T09:00:00Z'); // 09:00 GMT
    expect(await dispatchMonthlyReports(h.t.db, slot)).toBeGreaterThanOrEqual(1);
    const report = await reportRow(owner.companyId).executeTakeFirstOrThrow();
    expect(report).toMatchObject({
      kind: 'monthly',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      slot_key: '2026-11',
    });
    expect(await generateReport(h.t.db, report.id, () => slot, h.url)).toMatch(
      /^ready: 4 calculations, sent to 1 admin/,
    );
    expect(await generateReport(h.t.db, report.id, () => slot, h.url)).toBe('nothing to do');

    const stored = await reportRow(owner.companyId).executeTakeFirstOrThrow();
    const text = pdfText(stored.pdf as Buffer);
    expect(text).toContain('Monthly Client Report');
    expect(text).toContain('Report Figures Ltd');
    expect(text).toContain('1 Oct 2026 – 31 Oct 2026');
    const lines = text.split('\n');
    const tesco = lines.filter((l) => l.includes('Tesco'));
    expect(tesco).toHaveLength(1);
    expect(tesco[0]).toMatch(
      /Tesco Ltd\s+GBP\/USD\s+1\.2700\s+1\.2650\s+—\s+—\s+—\s+\$500,000\s+52\s+50\.0\s+£80,918\.74\s+£80,918\.74\s+2×/,
    );
    expect(lines.some((l) => /Boots\s+GBP\/USD.*\$500,000\s+12\s+50\.0\s+£18,673\.56\s+£18,673\.56\s+1×/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /Greggs.*£80,918\.74\s+£80,918\.74\s+1×/.test(l))).toBe(true);
    expect(text).not.toContain('Outside');
    // Totals: 4 calculations, 3 clients, £80,918.74 + £18,673.56 + £80,918.74.
    expect(text).toMatch(
      /BROKERS\s+CALCULATIONS\s+CLIENTS PITCHED\s+SAVINGS PITCHED \(GBP\)\s+COMPETITOR CHEAPER\s+OFF-MARKET \(LEFT OUT\)/,
    );
    expect(text).toMatch(/2\s+4\s+3\s+£180,511\.04\s+0\s+0/);
    expect(text).toContain('3 calculations · 2 clients · £99,592.30 annual savings');
    expect(text).toMatch(
      /Live rate on screen: Simulated feed — 4 calculations, rates from 3 Oct 2026, 11:00 to 31 Oct 2026, 23:30 \(London\)/,
    );
    expect(text).toContain('Source: ECB');
    expect(text).toContain('Page 1 of 1');

    // The admins' e-mail carries the PDF.
    const sent: EmailMessage[] = [];
    await deliverDueEmails(
      h.t.db,
      { outcome: 'sent', description: 'test', deliver: async (m) => void sent.push(m) },
      'x@y',
      () => {},
    );
    const mail = sent.find((m) => m.to === owner.email && m.subject.startsWith('Monthly client report'));
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'pippitch-report-2026-10-01-to-2026-10-31.pdf',
      contentType: 'application/pdf',
    });
    expect(mail?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The download: the admin gets it; another company's admin and a signed-out visitor do not.
    const cookie = (c: typeof owner.c) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const own = await fetch(`${h.url}/api/reports/${report.id}.pdf`, { headers: { cookie: cookie(owner.c) } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const stranger = await withClientData('Report Stranger Ltd');
    expect(
      (await fetch(`${h.url}/api/reports/${report.id}.pdf`, { headers: { cookie: cookie(stranger.c) } })).status,
    ).toBe(404);
    expect((await fetch(`${h.url}/api/reports/${report.id}.pdf`)).status).toBe(401);
    expect((await owner.c.api.reports.list.query())[0]).toMatchObject({
      id: report.id,
      status: 'ready',
      calculations: 4,
    });
  });

  it('carries the margin conceded of the team, each pair and each broker for its period (issue 25 §3)', async () => {
    h.clock.now = new Date('2026-10-01T08:00:00Z');
    const owner = await withClientData('Report Margin Ltd');
    const amy = await addMember(h, 'Report Margin Ltd', 'amy@reportmarginltd.co.uk', 'junior');
    const ben = await addMember(h, 'Report Margin Ltd', 'ben@reportmarginltd.co.uk', 'junior');
    await setFloorsAt(h, owner, '2026-09-01T00:00:00Z', { GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 50 }] });
    // Amy: 1.2700 against a mid of 1.2750 → 39.2 bps, below the floor of 50; £80,284.08 a year (52 trades).
    await addCalculationAt(h, amy, '2026-09-10T10:00:00Z', { client: 'Tesco PLC', mid: '1.2750' });
    // Ben: 1.2700 against 1.2800 → 78.1 bps; £159,940.94 a year. And a pitch in October, outside the period.
    await addCalculationAt(h, ben, '2026-09-20T10:00:00Z', { client: 'Greggs', mid: '1.2800' });
    await addCalculationAt(h, ben, '2026-10-01T00:30:00Z', { client: 'Outside', mid: '1.2600' });
    const data = await reportData(h.t.db, systemScope('system:reports', owner.companyId), {
      start: '2026-09-01',
      end: '2026-09-30',
    });
    expect(data.margin.team).toMatchObject({ pitches: 2, marginBps: '58.6', floorBps: '50.0', belowFloor: 1 });

    const text = pdfText(await renderReportPdf(data, h.clock.now));
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('Margin conceded');
    // Ticket-weighted: (39.2 × 392,156.86 + 78.1 × 390,625.00) ÷ 782,781.86 = 58.6 bps; £80,284.08 + £159,940.94.
    expect(flat).toContain(
      'Team · 2 pitches: 58.6 bps against a floor of 50.0 bps · £240,225 a year · 1 below the floor: 1 not asked',
    );
    expect(flat).toContain(
      'GBP/USD · 2 pitches: 58.6 bps against a floor of 50.0 bps · £240,225 a year · 1 below the floor: 1 not asked',
    );
    expect(flat).toContain(
      'Margin: 39.2 bps against a floor of 50.0 bps · £80,284 a year · 1 below the floor: 1 not asked',
    );
    expect(flat).toContain('Margin: 78.1 bps against a floor of 50.0 bps · £159,941 a year · none below the floor');
    expect(text).not.toContain('Outside');
  });

  it('shows whole client names: a long one wraps in its column, never cut with an ellipsis (issue 31 §6)', async () => {
    h.clock.now = new Date('2026-10-01T08:00:00Z');
    const owner = await withClientData('Report Names Ltd');
    const name = 'The Northern Wholesale Import and Export Trading Company of Greater Manchester and Cheshire Limited';
    await addCalculationAt(h, owner.userId, '2026-09-15T10:00:00Z', { client: name });
    await addCalculationAt(h, owner.userId, '2026-09-16T10:00:00Z', { client: 'Greggs' });
    const data = await reportData(h.t.db, systemScope('system:reports', owner.companyId), {
      start: '2026-09-01',
      end: '2026-09-30',
    });
    const dir = mkdtempSync(join(tmpdir(), 'report-'));
    const file = join(dir, 'report.pdf');
    writeFileSync(file, await renderReportPdf(data, h.clock.now));
    // Read in drawing order (-raw): the wrapped name's lines follow each other, before the row's other cells.
    const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(raw).toContain(name);
    expect(raw).not.toContain('…');
  });

  it("states each pitched pair's own pip in the method: 0.01 for yen and forint quotes (issue 34)", async () => {
    h.clock.now = new Date('2026-10-01T08:00:00Z');
    const owner = await withClientData('Report Pips Ltd');
    const at = (day: string) => `2026-09-${day}T10:00:00Z`;
    await addCalculationAt(h, owner.userId, at('10'), { client: 'Greggs' });
    await addCalculationAt(h, owner.userId, at('11'), {
      client: 'Nikko Parts',
      pair: 'USDJPY',
      yourRate: '150.00',
      competitorRate: '149.50',
    });
    await addCalculationAt(h, owner.userId, at('12'), {
      client: 'Buda Steel',
      pair: 'GBPHUF',
      yourRate: '445.00',
      competitorRate: '443.00',
    });
    await addCalculationAt(h, owner.userId, at('13'), { client: 'Krakow Foods', pair: 'GBPPLN', yourRate: '5.0500' });
    const data = await reportData(h.t.db, systemScope('system:reports', owner.companyId), {
      start: '2026-09-01',
      end: '2026-09-30',
    });
    expect([...data.pairs].sort()).toEqual(['GBPHUF', 'GBPPLN', 'GBPUSD', 'USDJPY']);
    const flat = pdfText(await renderReportPdf(data, h.clock.now)).replace(/\s+/g, ' ');
    // The catalogue's order (the six first, then GBP/x, then USD/x), grouped by pip size.
    expect(flat).toContain(
      'Method: Your rate + margin vs competitor rate; costs = amount ÷ rate; pips at 0.0001 for GBP/USD and GBP/PLN, at 0.01 for GBP/HUF and USD/JPY; annual saving',
    );
    expect(flat).not.toContain('pips at 0.0001;');

    // A report of the six alone says what it always said.
    const six = await withClientData('Report Six Pips Ltd');
    await addCalculationAt(h, six.userId, at('10'), { client: 'Greggs' });
    const sixData = await reportData(h.t.db, systemScope('system:reports', six.companyId), {
      start: '2026-09-01',
      end: '2026-09-30',
    });
    const sixText = pdfText(await renderReportPdf(sixData, h.clock.now)).replace(/\s+/g, ' ');
    expect(sixText).toContain('costs = amount ÷ rate; pips at 0.0001; annual saving');
  });

  it('is refused without the Client Data Tracking add-on, and to brokers', async () => {
    const owner = await ownerOfNewCompany(h, 'No Addon Ltd');
    expect(await owner.c.api.reports.schedule.query()).toMatchObject({ available: false, state: 'none' });
    for (const call of [
      () => owner.c.api.reports.setSchedule.mutate({ dayOfMonth: 1, hour: 9 }),
      () => owner.c.api.reports.sendTest.mutate(),
      () => owner.c.api.reports.list.query(),
    ]) {
      const e = await errorOf(call());
      expect(e).toEqual({ code: 'FORBIDDEN', message: REPORT_MESSAGES.addonRequired });
    }
    await withClientData('Broker Reports Ltd');
    await addMember(h, 'Broker Reports Ltd', 'bo@brokerreportsltd.co.uk', 'junior');
    const broker = await signedIn(h, 'bo@brokerreportsltd.co.uk');
    expect((await errorOf(broker.api.reports.sendTest.mutate())).code).toBe('FORBIDDEN');
    expect((await errorOf(h.client().api.reports.schedule.query())).code).toBe('UNAUTHORIZED');
    expect((await errorOf(owner.c.api.reports.setSchedule.mutate({ dayOfMonth: 29, hour: 9 }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('sends a test report over the last 30 days', async () => {
    h.clock.now = new Date('2026-11-24T12:00:00Z');
    const owner = await withClientData('Test Report Ltd');
    await addCalculationAt(h, owner.userId, '2026-10-26T12:00:00Z', { client: 'In Range' });
    await addCalculationAt(h, owner.userId, '2026-10-24T12:00:00Z', { client: 'Too Old' });
    const { reportId } = await owner.c.api.reports.sendTest.mutate();
    await generateReport(h.t.db, reportId, () => h.clock.now, h.url);
    const row = await reportRow(owner.companyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'test', period_start: '2026-10-26', period_end: '2026-11-24', status: 'ready' });
    const text = pdfText(row.pdf as Buffer);
    expect(text).toContain('In Range');
    expect(text).not.toContain('Too Old');
  });

  it('starts each month once at the London day and hour, across the autumn clock change, with two workers', async () => {
    h.clock.now = new Date('2025-10-20T12:00:00Z');
    const doubled = await withClientData('Doubled Hour Ltd');
    await doubled.c.api.reports.setSchedule.mutate({ dayOfMonth: 26, hour: 1 }); // 01:00 happens twice that day
    const first = await withClientData('First Of Month Ltd');
    await first.c.api.reports.setSchedule.mutate({ dayOfMonth: 1, hour: 9 });
    const late = await withClientData('Set Too Late Ltd');
    h.clock.now = new Date('2025-10-26T12:00:00Z');
    await late.c.api.reports.setSchedule.mutate({ dayOfMonth: 26, hour: 9 }); // today's 09:00 has passed

    const seen = await sweepTwice(
      '2025-10-25T00:00:00Z',
      '2025-11-02T00:00:00Z',
      (now) => dispatchMonthlyReports(h.t.db, now),
      async () => {
        const rows = await h.t.db
          .selectFrom('monthly_reports as r')
          .innerJoin('companies as c', 'c.id', 'r.company_id')
          .select(['c.name', 'r.slot_key', 'r.period_start', 'r.period_end'])
          .where('r.kind', '=', 'monthly')
          .where('c.name', 'in', ['Doubled Hour Ltd', 'First Of Month Ltd', 'Set Too Late Ltd'])
          .execute();
        return rows.map((r) => `${r.name} ${r.slot_key} ${r.period_start}..${r.period_end}`);
      },
    );
    expect(seen).toEqual({
      'Doubled Hour Ltd 2025-10 2025-09-01..2025-09-30': '2025-10-26T00:00:00.000Z', // 01:00 BST, the first
      'First Of Month Ltd 2025-11 2025-10-01..2025-10-31': '2025-11-01T09:00:00.000Z', // 09:00 GMT
    });
  });
});
