import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/src/errors';
import { searchCompanies } from '../../../core/src/services/uk-companies/search';
import type { TestDatabase } from '../../../test/db';
import { createIndexedDatabase } from './index-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createIndexedDatabase();
});
afterAll(() => t.drop());

const names = async (term: string, options = {}) =>
  (await searchCompanies(t.db, term, options)).companies.map((c) => c.name);

describe('searchCompanies', () => {
  it('needs at least 2 characters', async () => {
    await expect(searchCompanies(t.db, 'a')).rejects.toBeInstanceOf(AppError);
    await expect(searchCompanies(t.db, '  b  ')).rejects.toThrow('Please enter at least 2 characters to search');
    const two = await searchCompanies(t.db, 'bp');
    expect(two.companies[0]?.name).toBe('BP P.L.C.');
  });

  it('ranks the exact name first, then names that start with the term, then the rest', async () => {
    expect(await names('Barclays')).toEqual([
      'BARCLAYS PLC',
      'BARCLAYS BANK PLC',
      'BARCLAYS BANK UK PLC',
      'BARCLAY & MATHIESON LIMITED',
      'BARCLAYS EXECUTION SERVICES LIMITED',
    ]);
    const tesco = await searchCompanies(t.db, 'tesco');
    expect(tesco.total).toBe(4);
    expect(tesco.companies.every((c) => c.name.startsWith('TESCO'))).toBe(true);
    expect(tesco.companies[0]).toMatchObject({
      name: 'TESCO STORES LIMITED',
      companyNumber: '00519500',
      sicCodes: ['47110', '47290', '47710', '47750'],
      size: '20,000+ staff',
    });
  });

  it('forgives a slip in the spelling and finds a company by its number', async () => {
    expect(await names('sainsbry')).toContain("SAINSBURY'S SUPERMARKETS LTD");
    expect(await names('00519500')).toEqual(['TESCO STORES LIMITED']);
  });

  it('pages with a stable total and leaves out excluded names', async () => {
    const first = await searchCompanies(t.db, 'bank', { limit: 5 });
    const second = await searchCompanies(t.db, 'bank', { limit: 5, offset: 5 });
    expect(first.total).toBeGreaterThan(10);
    expect(second.total).toBe(first.total);
    expect(second.companies.map((c) => c.name).some((n) => first.companies.some((f) => f.name === n))).toBe(false);
    const beyond = await searchCompanies(t.db, 'bank', { limit: 5, offset: 10_000 });
    expect(beyond).toEqual({ companies: [], total: first.total });

    // 'barclay bank' contains 'barclay' (Barclays PLC) and sits inside 'barclay bank uk' (Barclays Bank UK PLC).
    const all = await searchCompanies(t.db, 'barclays', { limit: 10 });
    const excluded = await searchCompanies(t.db, 'barclays', { limit: 10, exclude: ['Barclays Bank'] });
    expect(all.companies.map((c) => c.name).filter((n) => !excluded.companies.some((e) => e.name === n))).toEqual([
      'BARCLAYS PLC',
      'BARCLAYS BANK PLC',
      'BARCLAYS BANK UK PLC',
    ]);
    expect(excluded.total).toBe(all.total - 3);
  });

  it('finds nothing for a term made only of legal words', async () => {
    expect(await searchCompanies(t.db, 'Ltd')).toEqual({ companies: [], total: 0 });
  });
});
