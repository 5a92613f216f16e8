/**
 * The finder procedures over HTTP: the broker's leads are left out, a pick among the offered choices re-ranks and
 * anything else is a clear 400, and a Companies House failure reaches the broker in its own words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_CHOICE } from '../../../core/src/services/uk-companies/finder/types';
import { loadCompanyIndex } from '../../../core/src/services/uk-companies/load/load-index';
import { errorOf, signUp, signupInput, startTestApp, type TestApp, type TestClient } from '../helpers';
import { type FakeCompaniesHouse, startFakeCompaniesHouse } from './ch-server';

async function brokerWithFinder(h: TestApp): Promise<TestClient> {
  const broker = h.client();
  await signUp(h.t.db, broker, signupInput());
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  return broker;
}

describe('finder procedures on the bundled index', () => {
  let h: TestApp;
  let broker: TestClient;
  beforeAll(async () => {
    h = await startTestApp();
    await loadCompanyIndex(h.t.pool);
    broker = await brokerWithFinder(h);
  });
  afterAll(() => h.close());

  it("names the match, leaves out the broker's leads and re-ranks around a picked choice", async () => {
    const first = await broker.api.finder.similar.mutate({ companyName: 'Tesco' });
    expect(first.match?.name).toBe('TESCO STORES LIMITED');
    const lead = first.companies[0]!.name;
    await broker.api.leads.add.mutate({ name: lead, source: 'similar_results' });
    const again = await broker.api.finder.similar.mutate({ companyName: 'Tesco' });
    expect(again.companies.map((c) => c.name)).not.toContain(lead);

    const dining = first.choices?.find((c) => c.name === 'TESCO FAMILY DINING LIMITED');
    const picked = await broker.api.finder.similar.mutate({ companyName: 'Tesco', target: dining?.key });
    expect(picked.match).toMatchObject({ name: 'TESCO FAMILY DINING LIMITED', sic: { code: '56.10' } });
    expect(picked.companies[0]?.sicCode.slice(0, 2)).toBe('56');

    expect(await errorOf(broker.api.finder.similar.mutate({ companyName: 'Tesco', target: '00000000' }))).toEqual({
      code: 'BAD_REQUEST',
      message: NOT_A_CHOICE,
    });
  });

  it("leaves the broker's leads out of 'Find New Companies' too", async () => {
    await broker.api.leads.add.mutate({ name: 'Tesco Underwriting Limited', source: 'manual_search' });
    const found = await broker.api.finder.search.query({ term: 'Tesco' });
    expect(found.companies.map((c) => c.name)).toContain('TESCO STORES LIMITED');
    expect(found.companies.map((c) => c.name)).not.toContain('TESCO UNDERWRITING LIMITED');
  });
});

describe('finder procedures on Companies House', () => {
  let h: TestApp;
  let ch: FakeCompaniesHouse;
  let broker: TestClient;
  beforeAll(async () => {
    ch = await startFakeCompaniesHouse('key', []);
    h = await startTestApp({ companiesHouseApiKey: 'key', companiesHouseUrl: ch.url });
    await loadCompanyIndex(h.t.pool);
    broker = await brokerWithFinder(h);
  });
  afterAll(async () => {
    await h.close();
    await ch.close();
  });

  it("shows the broker Companies House's failure in its own words", async () => {
    ch.mode = 'down';
    expect(await errorOf(broker.api.finder.similar.mutate({ companyName: 'Acme Software' }))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Companies House is unavailable',
    });
    ch.mode = 'rate-limit';
    expect(await errorOf(broker.api.finder.similar.mutate({ companyName: 'Acme Software' }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Companies House rate limit reached, please try again in a minute',
    });
  });
});
