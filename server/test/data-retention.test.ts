import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTrialLifecycle } from '../../core/src/services/billing/trial-lifecycle';
import { deleteExpiredCompanies } from '../../core/src/services/company/retention';
import { addCalculationAt } from './activity-helpers';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp } from './helpers';

// design.md §3: after access ends the data is kept 30 days, the admins are told until when, then it is deleted.

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400_000;
const companyExists = async (id: string) =>
  (await h.t.db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('data retention after access ends', () => {
  it('keeps a locked company 30 days, says until when, then deletes it and everything it holds', async () => {
    const signup = new Date('2026-01-01T10:00:00Z');
    h.clock.now = signup;
    const ended = await ownerOfNewCompany(h, 'Lapsed Ltd');
    const kept = await ownerOfNewCompany(h, 'Still Here Ltd');
    const broker = await addMember(h, 'Lapsed Ltd', 'bea@lapsedltd.co.uk', 'junior');
    await addCalculationAt(h, broker, '2026-01-05T12:00:00Z', { client: 'Tesco PLC' });
    await ended.c.api.invitations.send.mutate({ role: 'broker', emails: ['new@lapsedltd.co.uk'] });
    await ended.c.api.salesforce.saveSchedule.mutate({ frequency: 'weekly', dayOfWeek: 1, hour: 9 });
    await ended.c.api.salesforce.exportNow.mutate({ userIds: [broker], period: 'today' });
    // Keep the other company paid up: it must survive the sweep.
    await h.t.db
      .updateTable('companies')
      .set({ subscription_status: 'active', subscription_active: true })
      .where('id', '=', kept.companyId)
      .execute();

    // Sixty days on, the trial ends and the worker locks it.
    const lockedAt = new Date(signup.getTime() + 61 * DAY);
    h.clock.now = lockedAt;
    expect((await runTrialLifecycle(h.t.db, lockedAt, h.url)).locked).toBe(1);
    const row = await h.t.db
      .selectFrom('companies')
      .select('access_ended_at')
      .where('id', '=', ended.companyId)
      .executeTakeFirstOrThrow();
    expect(row.access_ended_at).toEqual(lockedAt);
    const until = new Date(lockedAt.getTime() + 30 * DAY);
    const session = await (await signedIn(h, ended.email)).api.auth.session.query();
    expect(session?.company).toMatchObject({ access: 'locked', dataKeptUntil: until.toISOString() });
    const mail = await h.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template', '=', 'trial_ended')
      .where('company_id', '=', ended.companyId)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Your data is kept until 2 April 2026');

    expect(await deleteExpiredCompanies(h.t.db, new Date(until.getTime() - 1))).toEqual([]);
    expect(await deleteExpiredCompanies(h.t.db, until)).toEqual(['Lapsed Ltd']);
    expect(await companyExists(ended.companyId)).toBe(false);
    expect(await companyExists(kept.companyId)).toBe(true);
    for (const table of ['user_profiles', 'calculations', 'invitations', 'export_schedules', 'export_log'] as const) {
      const left = await h.t.db
        .selectFrom(table)
        .select('company_id')
        .where('company_id', '=', ended.companyId)
        .execute();
      expect(left, table).toEqual([]);
    }
  });

  it('forgets the date when the company subscribes again', async () => {
    h.clock.now = new Date('2026-06-01T10:00:00Z');
    const back = await ownerOfNewCompany(h, 'Came Back Ltd');
    await h.t.db
      .updateTable('companies')
      .set({ account_locked: true, updated_at: h.clock.now })
      .where('id', '=', back.companyId)
      .execute();
    await h.t.db
      .updateTable('companies')
      .set({ account_locked: false, subscription_active: true, subscription_status: 'active' })
      .where('id', '=', back.companyId)
      .execute();
    expect(await deleteExpiredCompanies(h.t.db, new Date('2027-01-01T00:00:00Z'))).not.toContain('Came Back Ltd');
    const row = await h.t.db
      .selectFrom('companies')
      .select('access_ended_at')
      .where('id', '=', back.companyId)
      .executeTakeFirstOrThrow();
    expect(row.access_ended_at).toBeNull();
  });
});
