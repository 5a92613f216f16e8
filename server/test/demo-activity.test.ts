import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, londonDateOf } from '@pippitch/shared/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardActivity } from '../../core/src/services/activity/dashboard';
import { seedDemoActivity } from '../../core/src/services/demo/activity';
import { dispatchMonthlyReports } from '../../core/src/services/reports/dispatch';
import { generateReport } from '../../core/src/services/reports/generate';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { seedDemoData } from '../src/seed/demo';
import { insertBars } from './market/fixtures';

// Issue 22 §5: the demo company's three months of pitches, leads and a report, built through the services.
let t: TestDatabase;
const NOW = new Date('2026-11-25T15:00:00Z'); // a Wednesday
let companyId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  // Market prices for the period (GBP/USD): the pitches are priced on them and checked against each day's range.
  await insertBars(t.db, 'GBPUSD', addDays(londonDateOf(NOW), -93), NOW.toISOString(), 1.33);
  await seedDemoData(t.db, NOW);
  companyId = (
    await t.db.selectFrom('companies').select('id').where('name', '=', 'Demo FX Partners').executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => t?.drop());

describe('the demo company’s history', () => {
  it('is three months of pitches by each broker, each saved by the calculator’s service with its record', async () => {
    const saved = await seedDemoActivity(t.db, NOW);
    expect(saved).toBeGreaterThan(90);
    const rows = await t.db
      .selectFrom('calculations as c')
      .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
      .select(['u.email', 'c.created_at', 'c.currency_pair', 'c.standing', 'c.evidence'])
      .where('c.company_id', '=', companyId)
      .execute();
    expect(rows).toHaveLength(saved);
    expect(new Set(rows.map((r) => r.email))).toEqual(
      new Set(['alice@demo.pippitch.test', 'ben@demo.pippitch.test', 'chloe@demo.pippitch.test']),
    );
    const days = rows.map((r) => londonDateOf(r.created_at)).sort();
    expect(days[0]! <= addDays(londonDateOf(NOW), -85)).toBe(true);
    expect(new Set(rows.map((r) => r.currency_pair))).toEqual(new Set(['GBPUSD', 'GBPEUR', 'EURUSD']));
    // Savings and a few losses; no rate outside its day (the demo quotes within each day's range).
    expect(rows.filter((r) => r.standing === 'saving').length).toBeGreaterThan(saved * 0.8);
    expect(rows.some((r) => r.standing === 'loss')).toBe(true);
    expect(rows.some((r) => r.standing === 'off_market')).toBe(false);
    // The service's record: the GBP/USD pitches carry the mid of their minute and the range check.
    const gbpusd = rows.filter((r) => r.currency_pair === 'GBPUSD');
    for (const r of gbpusd) {
      const evidence = r.evidence as { mid: { rate: string } | null; range: { position: string } | null };
      expect(evidence.mid).not.toBeNull();
      expect(evidence.range?.position).toBe('inside');
    }
    // An activity entry per pitch and a lead per client (the service's own writes).
    const entries = await t.db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('action_type', '=', 'calculation')
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(saved);
    const leads = await t.db
      .selectFrom('user_leads as l')
      .innerJoin('user_profiles as u', 'u.id', 'l.user_id')
      .select('l.custom_name')
      .where('u.company_id', '=', companyId)
      .execute();
    expect(leads.length).toBeGreaterThanOrEqual(20);
  });

  it('fills the dashboard: the last quarter’s savings, losses apart, every broker active', async () => {
    const owner = await t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('role_type', '=', 'super_admin')
      .executeTakeFirstOrThrow();
    const d = await dashboardActivity(t.db, { userId: owner.id, companyId, role: 'super_admin' }, 'lastQuarter', NOW);
    expect(Number(d.totals.calculations.current)).toBeGreaterThan(90);
    expect(Number(d.totals.savings.current)).toBeGreaterThan(0);
    expect(Number(d.totals.losses.current)).toBeGreaterThan(0);
    expect(d.totals.excluded.current).toBe('0');
    expect(d.brokers.every((b) => Number(b.calculations.current) > 0)).toBe(true);
  });

  it('makes last month’s report through the schedule and the worker’s job; the PDF reads whole', async () => {
    expect(await dispatchMonthlyReports(t.db, NOW)).toBe(1);
    const report = await t.db
      .selectFrom('monthly_reports')
      .select(['id', 'period_start', 'period_end'])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ period_start: '2026-10-01', period_end: '2026-10-31' });
    expect(await generateReport(t.db, report.id, () => NOW, 'http://localhost:3000')).toMatch(
      /^ready: \d+ calculations/,
    );
    const pdf = (
      await t.db.selectFrom('monthly_reports').select('pdf').where('id', '=', report.id).executeTakeFirstOrThrow()
    ).pdf as Buffer;
    const dir = mkdtempSync(join(tmpdir(), 'demo-report-'));
    writeFileSync(join(dir, 'report.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Demo FX Partners');
    // Sized columns: no figure is cut short with an ellipsis.
    for (const line of text.split('\n').filter((l) => /GBP\/USD|GBP\/EUR|EUR\/USD/.test(l))) {
      expect(line).not.toMatch(/\d…/);
    }
    // Kept for a look (.test-artifacts/screenshots/demo-report-1.png).
    const shots = join(process.cwd(), '.test-artifacts', 'screenshots');
    execFileSync('mkdir', ['-p', shots]);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'report.pdf'),
      join(shots, 'demo-report'),
    ]);
  });

  it('is made once: a second start adds nothing', async () => {
    expect(await seedDemoActivity(t.db, NOW)).toBe(0);
  });
});
