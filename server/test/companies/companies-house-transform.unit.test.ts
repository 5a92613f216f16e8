import { describe, expect, it } from 'vitest';
import { CompaniesHouseError } from '../../../core/src/providers/companies-house/errors';
import { industryQuery } from '../../../core/src/providers/companies-house/industry-query';
import { toCompanyFacts, toSearchHits } from '../../../core/src/providers/companies-house/transform';

describe('Companies House transform', () => {
  it('reads a company profile into facts: padded SIC codes, canonical postcode, region, type', () => {
    const facts = toCompanyFacts({
      company_name: 'TESCO PLC',
      company_number: '00445790',
      company_status: 'active',
      type: 'plc',
      sic_codes: ['47110', '1110', '47110'],
      registered_office_address: {
        address_line_1: 'Tesco House, Shire Park',
        locality: 'WELWYN GARDEN CITY',
        postal_code: 'al7 1gA',
        country: 'United Kingdom',
      },
      jurisdiction: 'england-wales',
      links: { self: '/company/00445790' },
    });
    expect(facts).toEqual({
      companyNumber: '00445790',
      name: 'TESCO PLC',
      status: 'active',
      companyType: 'Public limited company',
      sicCodes: ['47110', '01110'],
      postcode: 'AL7 1GA',
      locality: 'Welwyn Garden City',
      region: 'East of England',
    });
  });

  it('copes with what the register leaves out', () => {
    expect(toCompanyFacts({ company_name: 'X LTD', company_number: 'sc123456', type: 'limited-partnership' })).toEqual({
      companyNumber: 'SC123456',
      name: 'X LTD',
      status: null,
      companyType: 'Limited partnership',
      sicCodes: [],
      postcode: null,
      locality: null,
      region: null,
    });
  });

  it('reads search results and treats a missing item list as none', () => {
    expect(
      toSearchHits({
        kind: 'search#companies',
        total_results: 1,
        items: [
          { company_number: '00445790', title: 'TESCO PLC', company_status: 'active', address_snippet: '…' },
          { company_number: '00561597', title: 'J.C. BAMFORD', address: { postal_code: 'st14 5jp' } },
        ],
      }),
    ).toEqual([
      { companyNumber: '00445790', name: 'TESCO PLC', status: 'active', region: null },
      // The hit's own address places it, so a name's choices can be told apart without reading each profile.
      { companyNumber: '00561597', name: 'J.C. BAMFORD', status: null, region: 'West Midlands' },
    ]);
    expect(toSearchHits({ kind: 'search#companies', total_results: 0 })).toEqual([]);
  });

  it('rejects payloads of the wrong shape with one clear error', () => {
    for (const bad of [null, 'text', { items: 'nope' }, { items: [{ title: 'NO NUMBER' }] }]) {
      expect(() => toSearchHits(bad)).toThrow(CompaniesHouseError);
    }
    expect(() => toCompanyFacts({ company_number: '1' })).toThrow(
      'Companies House sent a response that could not be read',
    );
  });

  it('searches for an industry by the telling words of its description', () => {
    expect(industryQuery('Business and domestic software development')).toBe('business domestic software development');
    expect(industryQuery('Other information technology service activities')).toBe('information technology service');
    expect(industryQuery(null)).toBe('');
  });
});
