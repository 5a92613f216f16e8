/**
 * Which company the client's name is matched to, on the real bundled index: the match is named ('Similar to …'),
 * never suggested as similar to itself, and the broker may pick another of the companies the name may mean.
 */
import { companyNamesMatch } from '@pippitch/shared/names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/src/errors';
import { createIndexCompanyFinder } from '../../../core/src/services/uk-companies/finder/index-source';
import {
  type CompanyFinder,
  NOT_A_CHOICE,
  type SimilarCompany,
} from '../../../core/src/services/uk-companies/finder/types';
import type { TestDatabase } from '../../../test/db';
import { createIndexedDatabase } from './index-db';

let t: TestDatabase;
let finder: CompanyFinder;
beforeAll(async () => {
  t = await createIndexedDatabase();
  finder = createIndexCompanyFinder(t.db);
});
afterAll(() => t.drop());

const BAMFORD = {
  key: '00561597',
  name: 'J.C. BAMFORD EXCAVATORS LIMITED',
  companyNumber: '00561597',
  sic: { code: '28.92', name: 'Manufacture of machinery for mining, quarrying and construction' },
  region: 'West Midlands',
  size: '1,000–4,999 staff',
};

/** Every page for the client, up to `pages` of 50. */
async function allPages(companyName: string, target?: string, pages = 5): Promise<SimilarCompany[]> {
  const all: SimilarCompany[] = [];
  for (let page = 0; page < pages; page++) {
    const result = await finder.findSimilar({
      companyName,
      limit: 50,
      exclude: all.map((c) => c.name),
      ...(target ? { target } : {}),
    });
    if (result.companies.length === 0) break;
    all.push(...result.companies);
  }
  return all;
}

describe('matching the client name', () => {
  it("matches 'JCB' to J.C. Bamford Excavators, names it, and never suggests it on any page", async () => {
    const result = await finder.findSimilar({ companyName: 'JCB' });
    expect(result.match).toEqual(BAMFORD);
    expect(result.basis).toMatchObject({ how: 'name', companyNumber: '00561597', sic: BAMFORD.sic });
    // The other companies 'JCB' may mean, biggest first; JPMorgan Chase Bank's initials start with JCB too, but
    // it does not abbreviate to them.
    const choices = result.choices ?? [];
    expect(choices[0]).toEqual(BAMFORD);
    expect(choices.map((c) => c.name)).toEqual(
      expect.arrayContaining(['JCB CAB SYSTEMS LIMITED', 'J.C.B. EARTHMOVERS LIMITED']),
    );
    expect(choices.length).toBeLessThanOrEqual(6);
    expect(choices.some((c) => c.name.startsWith('JPMORGAN'))).toBe(false);

    const all = await allPages('JCB');
    expect(all.length).toBeGreaterThan(100);
    for (const c of all) {
      expect(c.companyNumber, c.name).not.toBe('00561597');
      expect(companyNamesMatch(c.name, 'JCB'), c.name).toBe(false);
    }
    // Its closest peer, same class and size: Caterpillar, not the client itself.
    expect(all[0]).toMatchObject({ name: 'CATERPILLAR (U.K.) LIMITED', size: '1,000–4,999 staff' });
  });

  it('ranks around the match the broker picks, sizes included', async () => {
    const first = await finder.findSimilar({ companyName: 'JCB' });
    const cab = first.choices?.find((c) => c.name === 'JCB CAB SYSTEMS LIMITED');
    expect(cab).toBeDefined();
    const picked = await finder.findSimilar({ companyName: 'JCB', target: cab?.key });
    expect(picked.match).toMatchObject({ name: 'JCB CAB SYSTEMS LIMITED', size: '500–999 staff' });
    expect(picked.choices).toEqual(first.choices);
    const all = await allPages('JCB', cab?.key, 2);
    // Neither the pick nor J.C. Bamford, which the client's name spells out as much, is the client's peer.
    expect(all.map((c) => c.companyNumber)).not.toContain(cab?.companyNumber);
    expect(all.map((c) => c.companyNumber)).not.toContain(BAMFORD.companyNumber);
    const sameSize = all.filter((c) => c.reasoning.includes('same size'));
    expect(sameSize.length).toBeGreaterThan(0);
    for (const c of sameSize) expect(c.size, c.name).toBe('500–999 staff');
    // Paging with the pick keeps it: the next page follows on from the first.
    const page2 = await finder.findSimilar({
      companyName: 'JCB',
      target: cab?.key,
      exclude: all.slice(0, 5).map((c) => c.name),
    });
    expect(page2.companies[0]?.name).toBe(all[5]?.name);
  });

  it('refuses a pick the server did not offer for that name', async () => {
    const tesco = await finder.findSimilar({ companyName: 'Tesco' });
    expect(tesco.match?.name).toBe('TESCO STORES LIMITED');
    for (const [companyName, target] of [
      ['JCB', tesco.match?.key ?? ''],
      ['JCB', 'index-999999'],
      ['JCB', ''],
      ['Ltd', BAMFORD.key],
    ] as const) {
      const err = await finder.findSimilar({ companyName, target }).catch((e: unknown) => e);
      expect(err, `${companyName} / ${target}`).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'BAD_REQUEST', message: NOT_A_CHOICE });
    }
  });

  it('reads whole-word names before abbreviations of every word', async () => {
    const abc = await finder.findSimilar({ companyName: 'ABC' });
    expect(abc.match?.name).toBe('ABC INTERNATIONAL BANK PLC');
    expect(abc.choices?.map((c) => c.name)).toContain('Ashford Borough Council');
  });

  it('names no match when the name is nowhere in the index, and says which industry it guessed', async () => {
    const result = await finder.findSimilar({ companyName: 'Brightwater Software Solutions' });
    expect(result.match).toBeUndefined();
    expect(result.choices).toEqual([]);
    expect(result.basis).toMatchObject({ how: 'name-words', sic: { code: '62.01' } });
  });
});
