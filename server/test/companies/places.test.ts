import { parseSicCodes, sicPath } from '@pippitch/shared/sic';
import { parsePostcode, REGION_BY_POSTCODE_AREA, regionOfPostcode } from '@pippitch/shared/uk-regions';
import { describe, expect, it } from 'vitest';
import { localityFromAddress } from '../../../core/src/services/uk-companies/locality';
import { sizeBandOf } from '../../../core/src/services/uk-companies/size-bands';

const region = (postcode: string) => regionOfPostcode(parsePostcode(postcode));

describe('postcodes and regions', () => {
  it('covers every UK postcode area and the Crown Dependencies', () => {
    expect(REGION_BY_POSTCODE_AREA.size).toBe(124);
    expect([...REGION_BY_POSTCODE_AREA.values()].filter((r) => r === 'London')).toHaveLength(17);
  });

  it('maps areas, and the districts of straddling areas that lie across the line', () => {
    expect(region('B1 1AA')).toBe('West Midlands');
    expect(region('M1 1AE')).toBe('North West');
    expect(region('EC2N 1AP')).toBe('London');
    expect(region('EH6 8NU')).toBe('Scotland');
    expect(region('CF10 1EP')).toBe('Wales');
    expect(region('BT1 3BH')).toBe('Northern Ireland');
    expect(region('SY1 1AA')).toBe('West Midlands');
    expect(region('SY23 3FL')).toBe('Wales');
    expect(region('CH5 2NU')).toBe('Wales');
    expect(region('TD15 1AA')).toBe('North East');
    expect(region('KT1 1AA')).toBe('London');
    expect(region('KT22 7AA')).toBe('South East');
    expect(region('JE2 3QA')).toBe('Channel Islands');
  });

  it('reads postcodes as typed in the source, and nothing that is not one', () => {
    expect(parsePostcode('UK EC1V 4QJ')?.postcode).toBe('EC1V 4QJ');
    expect(parsePostcode('HP 21 8AL')?.postcode).toBe('HP21 8AL');
    expect(parsePostcode('CM2 OLS')?.postcode).toBe('CM2 0LS');
    expect(parsePostcode('P033 3FE')?.postcode).toBe('PO33 3FE');
    expect(parsePostcode('WS2 9PS.')?.postcode).toBe('WS2 9PS');
    for (const notOne of ['10017', 'HM JX BERMUDA', 'INVERNESS', 'DT1 2J', '', null])
      expect(parsePostcode(notOne)).toBeNull();
  });
});

describe('locality', () => {
  it('is the town before the postcode, past counties and countries', () => {
    expect(localityFromAddress("19 Smith's Place, Leith Walk, Edinburgh, EH6 8NU", 'EH6 8NU')).toBe('Edinburgh');
    expect(localityFromAddress('Compass House, Kingston Upon, Hull, East Yorkshire, England, HU9 1RP', 'HU9 1RP')).toBe(
      'Hull',
    );
    expect(localityFromAddress('Vicarage Road, Watford Hertfordshire, WD18 0ER', 'WD18 0ER')).toBe('Watford');
    expect(localityFromAddress('Unit 1, NEWCASTLE UPON TYNE, NE1 1AA', 'NE1 1AA')).toBe('Newcastle Upon Tyne');
    expect(localityFromAddress('Star House, Chelmsford, CM2 OLS', 'CM2 0LS')).toBe('Chelmsford');
    expect(localityFromAddress('1 High Street, Surrey, GU1 1AA', 'GU1 1AA')).toBe('Surrey');
    expect(localityFromAddress(null, null)).toBeNull();
  });
});

describe('SIC codes and size bands', () => {
  it('zero-pads codes, drops the public-sector marker and places codes in the hierarchy', () => {
    expect(parseSicCodes('1,\n85200,\n1110')).toEqual({ codes: ['85200', '01110'], publicSector: true });
    expect(sicPath('62012')).toEqual({
      code: '62012',
      subclass: '62.01/2',
      class: '62.01',
      group: '62.0',
      division: '62',
      section: 'J',
    });
    expect(sicPath('46900').subclass).toBeNull();
  });

  it('labels the pay-gap size bands in order', () => {
    expect(sizeBandOf('Less than 250')).toEqual({ label: 'Under 250 staff', rank: 1 });
    expect(sizeBandOf('250 to 499')).toEqual({ label: '250–499 staff', rank: 2 });
    expect(sizeBandOf('20,000 or more')).toEqual({ label: '20,000+ staff', rank: 6 });
    expect(sizeBandOf('Not Provided')).toBeNull();
  });
});
