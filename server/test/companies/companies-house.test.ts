import { companyNamesMatch } from '@pippitch/shared/names';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/src/errors';
import { CompaniesHouseError } from '../../../core/src/providers/companies-house/errors';
import { createCompanyFinder } from '../../../core/src/services/uk-companies/finder/create';
import { type CompanyFinder, NOT_A_CHOICE } from '../../../core/src/services/uk-companies/finder/types';
import type { TestDatabase } from '../../../test/db';
import { type FakeCompaniesHouse, type RegisterEntry, startFakeCompaniesHouse } from './ch-server';
import { createIndexedDatabase } from './index-db';

const KEY = 'test-api-key';

// The client (software, Birmingham) and a register around it. The industry query for 62012 ('Business and
// domestic software development') is 'business domestic software development'.
const REGISTER: RegisterEntry[] = [
  {
    company_number: '01234567',
    company_name: 'ACME SOFTWARE LIMITED',
    sic_codes: ['62012'],
    postal_code: 'B1 1AA',
    locality: 'BIRMINGHAM',
  },
  {
    company_number: '00000002',
    company_name: 'LONDON SOFTWARE DEVELOPMENT LTD',
    sic_codes: ['62012'],
    postal_code: 'EC1A 1BB',
    locality: 'London',
  },
  {
    company_number: '00000003',
    company_name: 'SOFTWARE CONSULTING LTD',
    sic_codes: ['62020'],
    postal_code: 'M1 1AA',
    locality: 'Manchester',
  },
  {
    company_number: '00000004',
    company_name: 'DOMESTIC CLEANING LTD',
    sic_codes: ['81210'],
    postal_code: 'B2 2BB',
    locality: 'Birmingham',
  },
  {
    company_number: '00000005',
    company_name: 'BUSINESS DEVELOPMENT PARTNERS LTD',
    sic_codes: ['70229'],
    postal_code: 'B3 3CC',
  },
  {
    company_number: '00000006',
    company_name: 'OLD SOFTWARE LTD',
    company_status: 'dissolved',
    sic_codes: ['62012'],
    postal_code: 'B4 4DD',
  },
  {
    company_number: '00000007',
    company_name: 'DATA SOFTWARE PLC',
    type: 'plc',
    sic_codes: ['63110'],
    postal_code: 'LS1 1AA',
  },
  {
    company_number: 'SC000008',
    company_name: 'SOFTWARE HOUSE SCOTLAND LTD',
    sic_codes: ['62090'],
    postal_code: 'EH1 1AA',
    locality: 'EDINBURGH',
  },
  {
    company_number: '00000009',
    company_name: 'BIRMINGHAM SOFTWARE LTD',
    sic_codes: ['62012', '62020'],
    postal_code: 'B5 5EE',
    locality: 'Birmingham',
  },
  {
    company_number: '00000010',
    company_name: 'MIDLANDS SOFTWARE BUSINESS LTD',
    sic_codes: ['62020'],
    postal_code: 'CV1 1AA',
    locality: 'Coventry',
  },
];

let t: TestDatabase;
let ch: FakeCompaniesHouse;
let finder: CompanyFinder;
beforeAll(async () => {
  t = await createIndexedDatabase();
  ch = await startFakeCompaniesHouse(KEY, REGISTER);
  finder = createCompanyFinder({ companiesHouseApiKey: KEY, companiesHouseUrl: ch.url }, t.db);
});
afterEach(() => {
  ch.mode = 'ok';
  ch.requests.length = 0;
});
afterAll(async () => {
  await ch.close();
  await t.drop();
});

describe('Companies House finder', () => {
  it('is chosen when a key is configured, the bundled index otherwise', () => {
    expect(finder.source).toBe('companies-house');
    expect(createCompanyFinder({}, t.db).source).toBe('index');
    expect(createCompanyFinder({ companiesHouseApiKey: '  ' }, t.db).source).toBe('index');
  });

  it('ranks the register by SIC closeness, then region, and explains each choice', async () => {
    const result = await finder.findSimilar({ companyName: 'Acme Software Ltd' });
    const sic = { code: '62.01', name: 'Computer programming activities' };
    expect(result.basis).toEqual({ how: 'name', name: 'ACME SOFTWARE LIMITED', companyNumber: '01234567', sic });
    expect(result.match).toEqual({
      key: '01234567',
      name: 'ACME SOFTWARE LIMITED',
      companyNumber: '01234567',
      sic,
      region: 'West Midlands',
      size: null,
    });
    expect(result.companies.map((c) => c.name)).toEqual([
      'BIRMINGHAM SOFTWARE LTD', // same code 62012, same region
      'LONDON SOFTWARE DEVELOPMENT LTD', // same code, elsewhere
      'MIDLANDS SOFTWARE BUSINESS LTD', // same group 62.0, same region (CV → West Midlands)
      'SOFTWARE CONSULTING LTD', // same group, North West
      'SOFTWARE HOUSE SCOTLAND LTD', // same group, Scotland
    ]);
    expect(result.total).toBe(5); // cleaning, consultancy (70), data processing (63) and the dissolved one are out
    expect(result.companies[0]).toEqual({
      name: 'BIRMINGHAM SOFTWARE LTD',
      companyNumber: '00000009',
      industry: 'Business and domestic software development',
      sicCodes: ['62012', '62020'],
      location: 'Birmingham, West Midlands',
      postcode: 'B5 5EE',
      size: null,
      isSubsidiary: false,
      companyType: 'Private limited company',
      sicCode: '62012',
      reasoning: 'Same SIC subclass 62.01/2 (Business and domestic software development), also in the West Midlands',
    });
    expect(result.companies[4]?.reasoning).toBe(
      'Same SIC group 62.0 (Computer programming, consultancy and related activities), based in Scotland',
    );
    expect(ch.requests).toContain('/search/companies?q=Acme+Software+Ltd&items_per_page=10');
    expect(ch.requests).toContain('/company/01234567');
    expect(ch.requests).toContain('/search/companies?q=business+domestic+software+development&items_per_page=20');
  });

  it('pages by exclusion and runs dry', async () => {
    const page1 = await finder.findSimilar({ companyName: 'Acme Software', limit: 3 });
    const page2 = await finder.findSimilar({
      companyName: 'Acme Software',
      limit: 3,
      exclude: page1.companies.map((c) => c.name),
    });
    expect(page2.companies.map((c) => c.name)).toEqual(['SOFTWARE CONSULTING LTD', 'SOFTWARE HOUSE SCOTLAND LTD']);
    for (const c of page2.companies) expect(page1.companies.some((p) => companyNamesMatch(p.name, c.name))).toBe(false);
    const shown = [...page1.companies, ...page2.companies].map((c) => c.name);
    expect(await finder.findSimilar({ companyName: 'Acme Software', exclude: shown })).toMatchObject({
      companies: [],
      total: 0,
    });
  });

  it("offers the name search's live hits as choices and ranks around the one the broker picks", async () => {
    const first = await finder.findSimilar({ companyName: 'Acme Software' });
    const keys = first.choices?.map((c) => c.key) ?? [];
    expect(keys[0]).toBe('01234567'); // the best name match first
    expect(keys).toContain('00000009');
    expect(keys).not.toContain('00000006'); // dissolved: no one's client
    expect(first.choices?.find((c) => c.key === '00000009')).toMatchObject({
      name: 'BIRMINGHAM SOFTWARE LTD',
      region: 'West Midlands',
    });

    const picked = await finder.findSimilar({ companyName: 'Acme Software', target: '00000009' });
    expect(picked.match).toMatchObject({ key: '00000009', name: 'BIRMINGHAM SOFTWARE LTD' });
    expect(picked.match?.sic?.code).toBe('62.01');
    expect(picked.companies.map((c) => c.name)).not.toContain('BIRMINGHAM SOFTWARE LTD');
    expect(picked.companies[0]?.name).toBe('LONDON SOFTWARE DEVELOPMENT LTD'); // same main code 62012

    // Only a company the server offered for this name may be picked.
    const refused = await finder.findSimilar({ companyName: 'Acme Software', target: '00000004' }).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: NOT_A_CHOICE });
  });

  it('returns nothing for a name that normalises to nothing or is not on the register', async () => {
    expect(await finder.findSimilar({ companyName: 'Limited' })).toEqual({ companies: [], total: 0 });
    expect(ch.requests).toEqual([]);
    expect(await finder.findSimilar({ companyName: 'Zzqx' })).toEqual({ companies: [], total: 0 });
  });

  it('says so clearly when Companies House rate-limits, fails or sends nonsense', async () => {
    ch.mode = 'rate-limit';
    const limited = await finder.findSimilar({ companyName: 'Acme Software' }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(AppError);
    expect(limited).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Companies House rate limit reached, please try again in a minute',
    });

    ch.mode = 'down';
    const down = await finder.findSimilar({ companyName: 'Acme Software' }).catch((e: unknown) => e);
    // A domain error, so its text reaches the broker (the tRPC formatter shows AppError messages as they are).
    expect(down).toBeInstanceOf(AppError);
    expect(down).toMatchObject({
      name: 'CompaniesHouseError',
      code: 'SERVICE_UNAVAILABLE',
      kind: 'unavailable',
      message: 'Companies House is unavailable',
    });

    for (const mode of ['malformed-json', 'wrong-shape'] as const) {
      ch.mode = mode;
      const err = await finder.findSimilar({ companyName: 'Acme Software' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CompaniesHouseError);
      expect(err).toMatchObject({
        kind: 'bad-response',
        message: 'Companies House sent a response that could not be read',
      });
    }
  });

  it('reports a rejected key and an unreachable service', async () => {
    const wrongKey = createCompanyFinder({ companiesHouseApiKey: 'wrong', companiesHouseUrl: ch.url }, t.db);
    await expect(wrongKey.findSimilar({ companyName: 'Acme Software' })).rejects.toMatchObject({ kind: 'bad-key' });
    const nowhere = createCompanyFinder({ companiesHouseApiKey: KEY, companiesHouseUrl: 'http://127.0.0.1:9' }, t.db);
    await expect(nowhere.findSimilar({ companyName: 'Acme Software' })).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Companies House is unavailable',
    });
  });
});
