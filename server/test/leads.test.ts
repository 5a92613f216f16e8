import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signUp, signupInput, startTestApp, type TestApp, type TestClient, WORKED } from './helpers';

let h: TestApp;
let broker: TestClient;
let other: TestClient;
let locked: TestClient;

const CALC = WORKED;
const FINDER_REQUIRED =
  'This feature requires the Company Finder add-on. Please contact your admin to enable this feature.';

beforeAll(async () => {
  h = await startTestApp();
  broker = h.client();
  await signUp(h.t.db, broker, signupInput());
  other = h.client();
  await signUp(h.t.db, other, signupInput({ companyName: 'Other FX', companyDomain: 'other.io', email: 'o@other.io' }));
  locked = h.client();
  await signUp(h.t.db, locked, signupInput({ companyName: 'No Addon', companyDomain: 'no.io', email: 'n@no.io' }));
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: true })
    .where('name', 'in', ['Acme FX', 'Other FX'])
    .execute();
});
afterAll(() => h.close());

describe('leads from the calculator', () => {
  it('a Calculate with a client name adds the client as contacted; a matching name marks it contacted again', async () => {
    const first = await broker.api.calculator.save.mutate({
      ...CALC,
      id: randomUUID(),
      clientName: 'Acme Widgets Ltd',
    });
    expect(first.lead).toMatchObject({ status: 'added', message: 'Added Acme Widgets Ltd to your list' });
    const { leads } = await broker.api.leads.list.query();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Acme Widgets Ltd', contacted: true, source: 'calculator' });
    expect(leads[0]!.lastCalculatedAt).not.toBeNull();

    await broker.api.leads.setContacted.mutate({ ids: [leads[0]!.id], contacted: false });
    const again = await broker.api.calculator.save.mutate({
      ...CALC,
      id: randomUUID(),
      clientName: 'ACME WIDGETS LIMITED',
    });
    expect(again.lead).toMatchObject({ status: 'contacted', message: 'Marked Acme Widgets Ltd as contacted' });
    const after = await broker.api.leads.list.query();
    expect(after.leads).toHaveLength(1);
    expect(after.leads[0]!.contacted).toBe(true);
  });

  it('no client name, or one that normalises to nothing, adds no lead', async () => {
    await broker.api.calculator.save.mutate({ ...CALC, id: randomUUID() });
    await broker.api.calculator.save.mutate({ ...CALC, id: randomUUID(), clientName: 'Ltd.' });
    expect((await broker.api.leads.list.query()).leads).toHaveLength(1);
  });
});

describe('adding, marking and deleting', () => {
  it('adds from search as not contacted, refuses a near-duplicate, and keeps stats', async () => {
    const added = await broker.api.leads.add.mutate({
      name: 'Brightside Logistics',
      source: 'manual_search',
      industry: 'Freight transport by road',
      sicCodes: ['49410'],
    });
    expect(added).toMatchObject({ status: 'added', message: 'Added Brightside Logistics to your list' });
    const dup = await broker.api.leads.add.mutate({ name: 'Brightside Logistic Ltd', source: 'similar_results' });
    expect(dup).toMatchObject({ status: 'exists', message: 'Brightside Logistics already in your list' });
    await broker.api.leads.add.mutate({ name: 'Cobalt Foods', source: 'similar_results' });
    expect((await broker.api.leads.list.query()).stats).toEqual({
      total: 3,
      contacted: 1,
      notContacted: 2,
      fromCalculator: 1,
      fromSearch: 2,
    });
  });

  it('bulk marks contacted and deletes only the broker’s own leads', async () => {
    const { leads } = await broker.api.leads.list.query();
    const ids = leads.filter((l) => !l.contacted).map((l) => l.id);
    expect(await broker.api.leads.setContacted.mutate({ ids, contacted: true })).toEqual({ requested: 2, updated: 2 });
    expect((await broker.api.leads.list.query()).stats.contacted).toBe(3);

    // Another company's broker can neither see, change nor delete them.
    expect((await other.api.leads.list.query()).leads).toEqual([]);
    expect(await other.api.leads.setContacted.mutate({ ids, contacted: false })).toEqual({ requested: 2, updated: 0 });
    expect(await other.api.leads.delete.mutate({ ids })).toEqual({ requested: 2, deleted: 0 });

    expect(await broker.api.leads.delete.mutate({ ids })).toEqual({ requested: 2, deleted: 2 });
    expect((await broker.api.leads.list.query()).stats.total).toBe(1);
    expect((await errorOf(broker.api.leads.delete.mutate({ ids: [] }))).message).toBe('Select at least one company');
  });
});

describe('the Company Finder add-on', () => {
  it('without it every lead procedure refuses with the spec message', async () => {
    for (const call of [
      () => locked.api.leads.list.query(),
      () => locked.api.leads.add.mutate({ name: 'X Co', source: 'manual_search' }),
      () => locked.api.leads.setContacted.mutate({ ids: [randomUUID()], contacted: true }),
      () => locked.api.leads.delete.mutate({ ids: [randomUUID()] }),
    ]) {
      expect(await errorOf(call())).toEqual({ message: FINDER_REQUIRED, code: 'FORBIDDEN' });
    }
  });
});
