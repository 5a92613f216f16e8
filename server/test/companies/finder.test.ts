import { companyNamesMatch } from '@pippitch/shared/names';
import { sicPath } from '@pippitch/shared/sic';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexCompanyFinder } from '../../../core/src/services/uk-companies/finder/index-source';
import type { CompanyFinder, SimilarCompany } from '../../../core/src/services/uk-companies/finder/types';
import type { TestDatabase } from '../../../test/db';
import { createIndexedDatabase } from './index-db';

let t: TestDatabase;
let finder: CompanyFinder;
beforeAll(async () => {
  t = await createIndexedDatabase();
  finder = createIndexCompanyFinder(t.db);
});
afterAll(() => t.drop());

const names = (companies: SimilarCompany[]) => companies.map((c) => c.name);

async function divisionsOf(companyNumber: string): Promise<string[]> {
  const row = await t.db
    .selectFrom('company_index')
    .select('sic_divisions')
    .where('company_number', '=', companyNumber)
    .executeTakeFirstOrThrow();
  return row.sic_divisions;
}

async function divisionsByName(): Promise<Map<string, string[]>> {
  const rows = await t.db.selectFrom('company_index').select(['name', 'sic_divisions']).execute();
  return new Map(rows.map((r) => [r.name, r.sic_divisions]));
}

describe('embedded company finder', () => {
  it('finds five companies in the same line of business as a known company, closest first', async () => {
    // SAINSBURY'S SUPERMARKETS LTD: SIC 47110, London, 20,000+ staff.
    const result = await finder.findSimilar({ companyName: "Sainsbury's Supermarkets Ltd" });
    expect(result.basis).toMatchObject({ how: 'name', companyNumber: '03261722' });
    expect(result.companies).toHaveLength(5);
    expect(result.total).toBeGreaterThan(5);
    const own = await divisionsOf('03261722');
    const divisions = await divisionsByName();
    for (const c of result.companies) {
      expect(
        divisions.get(c.name)?.some((d) => own.includes(d)),
        c.name,
      ).toBe(true);
      expect(c.sicCodes).toContain('47110');
      expect(c.reasoning).toMatch(/^Same SIC class 47\.11 \(Retail sale in non-specialised stores/);
      expect(c.industry).toBeTruthy();
    }
    // Same class everywhere on page one, so region decides next: London first.
    expect(result.companies[0]?.reasoning).toContain('also in London');
    expect(names(result.companies).some((n) => companyNamesMatch(n, 'Sainsbury'))).toBe(false);
  });

  it('gives the same answer to the same question', async () => {
    const a = await finder.findSimilar({ companyName: 'Tesco Stores Limited', exclude: ['Aldi', 'Ocado Retail'] });
    const b = await finder.findSimilar({ companyName: 'TESCO STORES LTD', exclude: ['Ocado Retail', 'Aldi'] });
    expect(b).toEqual(a);
  });

  it('writes the reasoning from the shared SIC level, size and region', async () => {
    const result = await finder.findSimilar({ companyName: 'Barclays Bank PLC', limit: 20 });
    const first = result.companies[0]!;
    expect(first.reasoning).toMatch(/^Same SIC subclass 64\.19\/1 \(Banks\), same size \([^)]+ staff\), /);
    expect(result.companies.some((c) => c.reasoning.endsWith('also in London'))).toBe(true);
    for (const c of result.companies) expect(companyNamesMatch(c.name, 'Barclays Bank')).toBe(false);
  });

  it('never returns an excluded name, on any page, and shrinks the total by what it excludes', async () => {
    const companyName = 'Tesco Stores Limited';
    const page1 = await finder.findSimilar({ companyName });
    const page2 = await finder.findSimilar({ companyName, exclude: names(page1.companies) });
    expect(page2.companies).toHaveLength(5);
    for (const shown of page1.companies) {
      for (const next of page2.companies) expect(companyNamesMatch(next.name, shown.name), next.name).toBe(false);
    }
    expect(page2.total).toBeLessThanOrEqual(page1.total - 5);

    // A lead typed with a slip still excludes the company (edit distance, as in lead matching).
    const lead = page2.companies[0]!.name.replace(/LIMITED|LTD|PLC/gi, '').trim();
    const typo = `${lead.slice(0, -1)}x`;
    const page2b = await finder.findSimilar({ companyName, exclude: [...names(page1.companies), typo] });
    expect(names(page2b.companies)).not.toContain(page2.companies[0]!.name);
  });

  it('runs dry once every company that matches well enough has been shown', async () => {
    // A small line of business (SIC division 37, sewerage) so that paging to the end stays short.
    const seed = await t.db
      .selectFrom('company_index')
      .select('name')
      .where(sql<boolean>`sic_divisions = '{37}'::text[]`)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const shown: string[] = [];
    let first: number | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await finder.findSimilar({ companyName: seed.name, exclude: shown });
      first ??= result.total;
      if (result.companies.length === 0) {
        expect(result.total).toBe(0);
        break;
      }
      expect(result.companies.length).toBeLessThanOrEqual(5);
      for (const c of result.companies) {
        expect(
          shown.some((s) => companyNamesMatch(s, c.name)),
          c.name,
        ).toBe(false);
        shown.push(c.name);
      }
    }
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(first ?? 0);
    const after = await finder.findSimilar({ companyName: seed.name, exclude: shown });
    expect(after).toMatchObject({ companies: [], total: 0 });
  });

  it('treats names that normalise to nothing as matching nothing', async () => {
    expect(await finder.findSimilar({ companyName: 'Ltd' })).toEqual({ companies: [], total: 0 });
    expect(await finder.findSimilar({ companyName: '£££ & Co.' })).toEqual({ companies: [], total: 0 });
    const plain = await finder.findSimilar({ companyName: 'Greggs' });
    const withEmpties = await finder.findSimilar({
      companyName: 'Greggs',
      exclude: ['Ltd', 'PLC', '£', '', 'Group Holdings'],
    });
    expect(withEmpties).toEqual(plain);
  });

  it('guesses the industry from the words of a name it does not hold', async () => {
    const result = await finder.findSimilar({ companyName: 'Brightwater Software Solutions' });
    expect(result.basis?.how).toBe('name-words');
    expect(result.companies.length).toBeGreaterThan(0);
    expect(result.companies[0]?.reasoning).toContain("the industry the name 'Brightwater Software Solutions' suggests");
    const nothing = await finder.findSimilar({ companyName: 'Zzqxv Qqzzx' });
    expect(nothing).toEqual({ companies: [], total: 0 });
  });

  it('caps the page size', async () => {
    const big = await finder.findSimilar({ companyName: 'Tesco Stores Limited', limit: 500 });
    expect(big.companies).toHaveLength(50);
    const one = await finder.findSimilar({ companyName: 'Tesco Stores Limited', limit: 0 });
    expect(one.companies).toHaveLength(1);
  });
});

describe('ranking, and cards that agree with their reasons', () => {
  const GROCERS = [
    "SAINSBURY'S SUPERMARKETS LTD",
    'ASDA STORES LIMITED',
    'WM MORRISON SUPERMARKETS LIMITED',
    'ALDI STORES LIMITED',
    'LIDL GREAT BRITAIN LIMITED',
  ];
  const SIZES = [
    '20,000+ staff',
    '5,000–19,999 staff',
    '1,000–4,999 staff',
    '500–999 staff',
    '250–499 staff',
    'Under 250 staff',
  ];

  it("shows a large grocer large grocers first: the same SIC class and size band ('Tesco')", async () => {
    // All five are in the bundled index (Asda under 47190, the other four under Tesco's main code 47110).
    const held = await t.db.selectFrom('company_index').select('name').where('name', 'in', GROCERS).execute();
    expect(held.map((r) => r.name).sort()).toEqual([...GROCERS].sort());

    const result = await finder.findSimilar({ companyName: 'Tesco' });
    expect(result.match).toMatchObject({ name: 'TESCO STORES LIMITED', size: '20,000+ staff', sic: { code: '47.11' } });
    const top = names(result.companies);
    expect(GROCERS.filter((g) => top.includes(g)).length, `top page: ${top.join(', ')}`).toBeGreaterThanOrEqual(3);
    for (const c of result.companies) {
      expect(c.sicCode, c.name).toBe('47110');
      expect(c.reasoning, c.name).toContain('same size (20,000+ staff)');
    }

    // Within Tesco's main class the size bands only step down: same size first, then the nearest.
    const page = await finder.findSimilar({ companyName: 'Tesco', limit: 50 });
    const mainClass = page.companies.filter((c) => c.sicCode.startsWith('4711'));
    const steps = mainClass.map((c) => (c.size === null ? SIZES.length : SIZES.indexOf(c.size)));
    expect(steps).not.toContain(-1);
    expect(steps.length).toBeGreaterThan(10);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // And the main class comes before Tesco's side lines (clothing, cosmetics).
    const firstOther = page.companies.findIndex((c) => !c.sicCode.startsWith('4711'));
    expect(firstOther === -1 || firstOther >= mainClass.length).toBe(true);
  });

  it('gives each card the industry its reason cites, from the same SIC code, on every page', async () => {
    const industryOf = new Map(
      (await t.db.selectFrom('sic_codes').select(['code', 'name']).execute()).map((r) => [r.code, r.name]),
    );
    const all: SimilarCompany[] = [];
    for (let page = 0; page < 15; page++) {
      const result = await finder.findSimilar({ companyName: 'Tesco Stores Limited', limit: 50, exclude: names(all) });
      if (result.companies.length === 0) break;
      all.push(...result.companies);
    }
    expect(all.length).toBeGreaterThan(200);
    for (const c of all) {
      expect(c.sicCodes, c.name).toContain(c.sicCode);
      expect(c.industry, c.name).toBe(industryOf.get(c.sicCode) ?? null);
      const cited = /^Same SIC (?:code|subclass|class|group|division) ([\d./]+) /.exec(c.reasoning)?.[1];
      const path = sicPath(c.sicCode);
      expect([path.code, path.subclass, path.class, path.group, path.division], c.reasoning).toContain(cited);
    }
    // Furniture retail first, clothing second: shown as clothing, because clothing is what it shares with Tesco.
    const choice = all.find((c) => c.name === 'CHOICE DISCOUNT STORES LIMITED');
    expect(choice).toMatchObject({
      sicCodes: ['47599', '47710'],
      sicCode: '47710',
      industry: 'Retail sale of clothing in specialised stores',
    });
    expect(choice?.reasoning).toMatch(/^Same SIC class 47\.71 \(Retail sale of clothing in specialised stores\)/);
  });
});
