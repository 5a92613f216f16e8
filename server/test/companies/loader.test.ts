import { sectionOfDivision } from '@pippitch/shared/sic';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyIndex } from '../../../core/src/services/uk-companies/load/load-index';
import { createTestDatabase, type TestDatabase } from '../../../test/db';

let t: TestDatabase;
let first: Awaited<ReturnType<typeof loadCompanyIndex>>;
beforeAll(async () => {
  t = await createTestDatabase();
  first = await loadCompanyIndex(t.pool);
});
afterAll(() => t.drop());

const company = (number: string) =>
  t.db.selectFrom('company_index').selectAll().where('company_number', '=', number).executeTakeFirstOrThrow();

describe('loadCompanyIndex', () => {
  it('loads every employer of the pay-gap file and the whole SIC hierarchy', async () => {
    expect(first.status).toBe('loaded');
    expect(first.companies).toBe(11_235);
    const counts = await t.db
      .selectFrom('sic_hierarchy')
      .select(['level', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('level')
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.level, Number(c.n)]))).toEqual({
      section: 21,
      division: 88,
      group: 272,
      class: 615,
      subclass: 191,
    });
    const codes = await t.db
      .selectFrom('sic_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(codes?.n)).toBe(731); // 752 lines less the 21 section headings
    const numbered = await t.db
      .selectFrom('company_index')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_number', 'is not', null)
      .executeTakeFirst();
    expect(Number(numbered?.n)).toBe(9_752);
  });

  it('maps SIC codes onto the ONS hierarchy, zero-padded, without the public-sector code 1', async () => {
    const mapped = await t.db
      .selectFrom('sic_codes')
      .selectAll()
      .where('code', 'in', ['62012', '46900', '99999'])
      .execute();
    const byCode = Object.fromEntries(mapped.map((m) => [m.code, m]));
    expect(byCode['62012']).toMatchObject({
      subclass_code: '62.01/2',
      class_code: '62.01',
      group_code: '62.0',
      division_code: '62',
      section_code: 'J',
    });
    expect(byCode['46900']).toMatchObject({
      subclass_code: null,
      class_code: '46.90',
      division_code: '46',
      section_code: 'G',
    });
    // Dormant company: a Companies House code with no ONS class is placed nowhere rather than under division 99.
    expect(byCode['99999']).toMatchObject({ class_code: null, division_code: null, section_code: null });

    const redBand = await company('SC016876'); // SicCodes '47730'
    expect(redBand.sic_codes).toEqual(['47730']);
    expect(redBand.sic_classes).toEqual(['47.73']);
    expect(redBand.sic_sections).toEqual(['G']);

    const anyCode1 = await t.db
      .selectFrom('company_index')
      .select('id')
      .where((eb) =>
        eb.or([eb(eb.val('1'), '=', eb.fn.any('sic_codes')), eb(eb.val('00001'), '=', eb.fn.any('sic_codes'))]),
      )
      .execute();
    expect(anyCode1).toEqual([]);
    const shortCodes = await t.db
      .selectFrom('company_index')
      .select('id')
      .where(sql<boolean>`array_to_string(sic_codes, ',') !~ '^([0-9]{5}(,|$))*$'`)
      .execute();
    expect(shortCodes).toEqual([]);
    const publicBodies = await t.db
      .selectFrom('company_index')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sector', '=', 'public')
      .executeTakeFirst();
    expect(Number(publicBodies?.n)).toBe(1_938);
  });

  it('agrees with the ONS file on which section holds each division', async () => {
    const divisions = await t.db
      .selectFrom('sic_hierarchy')
      .select(['code', 'parent_code'])
      .where('level', '=', 'division')
      .execute();
    for (const d of divisions) expect(sectionOfDivision(d.code), d.code).toBe(d.parent_code);
  });

  it('derives postcode area, region, locality, size and company type', async () => {
    const hotel = await company('08064685'); // 10 Trinity Square Hotel, London SE1 3TQ
    expect(hotel).toMatchObject({
      postcode: 'SE1 3TQ',
      postcode_area: 'SE',
      region: 'London',
      locality: 'London',
      size_band: '250–499 staff',
      size_rank: 2,
      company_type: 'Private or public company for England & Wales',
      sector: 'private',
    });
    expect(await company('SC016876')).toMatchObject({
      region: 'Scotland',
      locality: 'Edinburgh',
      company_type: 'Scottish Company',
    });
    // '…, Kingston Upon, Hull, East Yorkshire, England, HU9 1RP': county and country are skipped.
    expect(await company('10442565')).toMatchObject({ region: 'Yorkshire and The Humber', locality: 'Hull' });
    // SY is mostly Shropshire, but SY23 is Aberystwyth.
    expect(await company('RC000641')).toMatchObject({
      postcode_area: 'SY',
      region: 'Wales',
      company_type: 'Royal Charter Companies (English/Wales)',
    });

    const regions = await t.db
      .selectFrom('company_index')
      .select(['postcode_area', 'region'])
      .where('postcode_area', 'in', ['B', 'M', 'EC', 'CF', 'BT', 'G', 'AB', 'NE', 'LS', 'NG', 'CB', 'GU', 'BS'])
      .distinct()
      .execute();
    expect(Object.fromEntries(regions.map((r) => [r.postcode_area, r.region]))).toEqual({
      B: 'West Midlands',
      M: 'North West',
      EC: 'London',
      CF: 'Wales',
      BT: 'Northern Ireland',
      G: 'Scotland',
      AB: 'Scotland',
      NE: 'North East',
      LS: 'Yorkshire and The Humber',
      NG: 'East Midlands',
      CB: 'East of England',
      GU: 'South East',
      BS: 'South West',
    });
    const unplaced = await t.db
      .selectFrom('company_index')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('postcode', 'is not', null)
      .where('region', 'is', null)
      .executeTakeFirst();
    expect(Number(unplaced?.n)).toBe(0);
  });

  it('flags subsidiaries from the London sample and names the parent', async () => {
    const subsidiaries = await t.db
      .selectFrom('company_index')
      .select(['name', 'parent_name'])
      .where('is_subsidiary', '=', true)
      .execute();
    expect(subsidiaries.length).toBe(72);
    expect(subsidiaries.every((s) => s.parent_name !== null)).toBe(true);
    const bp = await company('00102498'); // BP P.L.C. heads its own group
    expect(bp.is_subsidiary).toBe(false);
  });

  it('stores the shared normalised name', async () => {
    const bp = await company('00102498');
    expect(bp.normalized_name).toBe('bp');
  });

  it('skips a second load of the same data, and reloads when the version differs', async () => {
    const again = await loadCompanyIndex(t.pool);
    expect(again).toMatchObject({ status: 'unchanged', version: first.version, companies: 11_235 });
    const [a, b] = await Promise.all([loadCompanyIndex(t.pool), loadCompanyIndex(t.pool)]);
    expect([a.status, b.status]).toEqual(['unchanged', 'unchanged']);

    await t.db.updateTable('company_index_meta').set({ data_version: 'stale' }).execute();
    const reloaded = await loadCompanyIndex(t.pool);
    expect(reloaded.status).toBe('loaded');
    const total = await t.db
      .selectFrom('company_index')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(total?.n)).toBe(11_235);
  });
});
