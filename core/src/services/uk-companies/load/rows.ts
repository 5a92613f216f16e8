/**
 * Turns the parsed source files into the rows of sic_hierarchy, sic_codes and company_index. Pure: every fact a
 * similar-company card or its reasoning shows is decided here, once, at load time.
 */
import { normaliseCompanyName } from '@pippitch/shared/names';
import { type PlacedSicCode, parseSicCodes, placeSicCode, type SicLevel, sicProfile } from '@pippitch/shared/sic';
import { parsePostcode, regionOfPostcode } from '@pippitch/shared/uk-regions';
import type { Row } from '@pippitch/sql';
import { companyTypeOf, companyTypeTable } from '../company-types';
import { localityFromAddress } from '../locality';
import { sizeBandOf } from '../size-bands';
import type { EmployerRecord, LondonRecord, SourceFiles } from './sources';

// The rows the loader writes are the generated table types (sql/src/types.gen.ts), narrowed where the loader
// knows more than the column type says.
export type HierarchyRow = Omit<Row<'sic_hierarchy'>, 'level'> & { level: SicLevel };
export type SicCodeRow = Row<'sic_codes'>;
export type CompanyRow = Omit<Row<'company_index'>, 'id' | 'sector'> & { sector: 'public' | 'private' };

export interface IndexRows {
  hierarchy: HierarchyRow[];
  sicCodes: SicCodeRow[];
  companies: CompanyRow[];
}

const LEVEL_PATTERNS: ReadonlyArray<readonly [SicLevel, RegExp]> = [
  ['section', /^[A-U]$/],
  ['division', /^\d{2}$/],
  ['group', /^\d{2}\.\d$/],
  ['class', /^\d{2}\.\d{2}$/],
  ['subclass', /^\d{2}\.\d{2}\/\d$/],
];

export function levelOf(code: string): SicLevel | null {
  return LEVEL_PATTERNS.find(([, pattern]) => pattern.test(code))?.[0] ?? null;
}

function hierarchyRows(src: SourceFiles): HierarchyRow[] {
  return src.hierarchy.flatMap((r) => {
    const code = r['industrial-classification'].trim();
    const level = levelOf(code);
    if (!level) return [];
    return [{ code, parent_code: r['parent-industrial-classification'].trim() || null, level, name: r.name.trim() }];
  });
}

// The condensed list also carries the 21 section headings ('A', 'B', …); those live in sic_hierarchy.
function sicCodeRows(src: SourceFiles, place: (code: string) => PlacedSicCode): SicCodeRow[] {
  return src.sicCodes.flatMap((r) => {
    const code = r['industrial-classification'].trim();
    if (!/^\d{5}$/.test(code)) return [];
    const p = place(code);
    return {
      code: p.code,
      name: r.name.trim(),
      subclass_code: p.subclass,
      class_code: p.class,
      group_code: p.group,
      division_code: p.division,
      section_code: p.section,
    };
  });
}

/**
 * Subsidiary flag and parent from the London sample, by company number. The parent is the global headquarters,
 * else the national one, whichever is not the company itself.
 */
function parentsByNumber(london: LondonRecord[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  for (const r of london) {
    const number = r['Company Registration Number'].trim().toUpperCase();
    if (!number || r['Subsidiary Code - Description'].trim() !== 'Is a subsidiary') continue;
    const heads: Array<[string, string]> = [
      [r['Global Headquarter ID Number'], r['Global Headquarter Company Name']],
      [r['National Headquarter ID Number'], r['National Headquarter Company Name']],
    ];
    const parent = heads.find(([id, name]) => id.trim() !== r.ID.trim() && name.trim() !== '')?.[1].trim() ?? null;
    parents.set(number, parent);
  }
  return parents;
}

// Public-sector employers report by 31 March, private and voluntary ones by 5 April (data README).
const isPublicSectorDueDate = (dueDate: string) => dueDate.trim().startsWith('31-03');

function companyRow(
  r: EmployerRecord,
  place: (code: string) => PlacedSicCode,
  sicNames: ReadonlyMap<string, string>,
  prefixes: ReadonlyMap<string, string>,
  parents: ReadonlyMap<string, string | null>,
): CompanyRow {
  const reportedName = r.EmployerName.trim();
  const name = r.CurrentName.trim() || reportedName;
  const companyNumber = r.CompanyNumber.trim().toUpperCase() || null;
  const { codes, publicSector } = parseSicCodes(r.SicCodes);
  const sector = publicSector || isPublicSectorDueDate(r.DueDate) ? 'public' : 'private';
  const profile = sicProfile(codes, place);
  const postcode = parsePostcode(r.PostCode) ?? parsePostcode(r.Address);
  const size = sizeBandOf(r.EmployerSize);
  const firstCode = codes[0];
  return {
    company_number: companyNumber,
    name,
    previous_name: reportedName !== name ? reportedName : null,
    normalized_name: normaliseCompanyName(name),
    industry: firstCode ? (sicNames.get(firstCode) ?? null) : sector === 'public' ? 'Public sector' : null,
    sic_codes: profile.codes,
    sic_subclasses: profile.subclasses,
    sic_classes: profile.classes,
    sic_groups: profile.groups,
    sic_divisions: profile.divisions,
    sic_sections: profile.sections,
    address: r.Address.trim() || null,
    locality: localityFromAddress(r.Address, postcode?.postcode ?? null),
    postcode: postcode?.postcode ?? null,
    postcode_area: postcode?.area ?? null,
    region: regionOfPostcode(postcode),
    size_band: size?.label ?? null,
    size_rank: size?.rank ?? null,
    company_type: companyTypeOf(companyNumber, prefixes),
    sector,
    is_subsidiary: companyNumber !== null && parents.has(companyNumber),
    parent_name: (companyNumber && parents.get(companyNumber)) || null,
  };
}

export function buildIndexRows(src: SourceFiles): IndexRows {
  const hierarchy = hierarchyRows(src);
  const known = new Set(hierarchy.map((h) => h.code));
  const place = (code: string) => placeSicCode(code, (c) => known.has(c));
  const sicCodes = sicCodeRows(src, place);
  const sicNames = new Map(sicCodes.map((s) => [s.code, s.name]));
  const prefixes = companyTypeTable(src.prefixes);
  const parents = parentsByNumber(src.london);
  const seen = new Set<string>();
  const companies: CompanyRow[] = [];
  for (const r of src.employers) {
    const row = companyRow(r, place, sicNames, prefixes, parents);
    // Company numbers are unique in the 2024-25 file; should a later file repeat one, the first row wins.
    if (row.company_number) {
      if (seen.has(row.company_number)) continue;
      seen.add(row.company_number);
    }
    companies.push(row);
  }
  return { hierarchy, sicCodes, companies };
}
