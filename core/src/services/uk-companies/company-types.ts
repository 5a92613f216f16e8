/**
 * Company type from the Companies House number prefix (company-number-prefixes.csv: 'SC' → 'Scottish Company').
 * A number made only of digits is a company registered in England and Wales.
 */

export const ENGLAND_AND_WALES_COMPANY = 'Private or public company for England & Wales';

// Prefixes that appear in the pay-gap data but post-date the 2020 extract of the Companies House guide. Unknown
// prefixes (MUT, RE, …) get no type rather than a guess.
const LATER_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['BR', 'UK Establishment of an Overseas Company'],
  ['CE', 'Charitable Incorporated Organisation for England & Wales'],
  ['CS', 'Scottish Charitable Incorporated Organisation'],
  ['OE', 'Overseas Entity'],
  ['RS', 'Registered Society'],
];

/** The lookup the loader builds from the CSV rows, plus the later prefixes above. */
export function companyTypeTable(
  rows: Iterable<{ prefix: string; company_type: string }>,
): ReadonlyMap<string, string> {
  const table = new Map<string, string>(LATER_PREFIXES);
  for (const row of rows) table.set(row.prefix.trim().toUpperCase(), row.company_type.trim());
  return table;
}

export function companyTypeOf(companyNumber: string | null, table: ReadonlyMap<string, string>): string | null {
  if (!companyNumber) return null;
  if (/^\d+$/.test(companyNumber)) return ENGLAND_AND_WALES_COMPANY;
  return table.get(companyNumber.slice(0, 2)) ?? null;
}
