/** The embedded finder's 'Similar to …' facts: a company of the index as a FinderMatch, and the ranking's basis. */

import type { IndexRow } from '../../../queries/uk-companies/index-row';
import { matchKey } from './resolve-target';
import type { SicDirectory } from './sic-directory';
import { mainSicOf } from './sic-match';
import type { FinderBasis, FinderMatch } from './types';

/** The class of a company's main code, named: { code: '28.92', name: 'Manufacture of machinery for mining, …' }. */
export function mainClassOf(codes: readonly string[], directory: SicDirectory): FinderMatch['sic'] {
  const main = mainSicOf(codes, directory.place);
  return main.class ? { code: main.class, name: directory.nameOf(main.class) } : null;
}

export function matchOfRow(row: IndexRow, directory: SicDirectory): FinderMatch {
  return {
    key: matchKey(row),
    name: row.name,
    ...(row.company_number ? { companyNumber: row.company_number } : {}),
    sic: mainClassOf(row.sic_codes, directory),
    region: row.region,
    size: row.size_band,
  };
}

export function basisOfRow(how: FinderBasis['how'], from: IndexRow, directory: SicDirectory): FinderBasis {
  return {
    how,
    name: from.name,
    ...(from.company_number ? { companyNumber: from.company_number } : {}),
    sic: mainClassOf(from.sic_codes, directory),
  };
}
