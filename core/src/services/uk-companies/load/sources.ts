/**
 * Reads the bundled files in core/data/companies (see SOURCES.md there) into plain records. Parsing only: what
 * the records mean is decided in rows.ts.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseCompanyName } from '@pippitch/shared/names';
import { parse } from 'csv-parse/sync';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../data/companies/', import.meta.url));

export const FILES = {
  employers: 'uk-gender-pay-gap-2024-25.csv',
  sicCodes: 'sic2007-companies-house-condensed-list.tsv',
  hierarchy: 'sic2007-ons-hierarchy.tsv',
  prefixes: 'company-number-prefixes.csv',
  london: 'companydata-london-business-sample.csv',
} as const;

export interface EmployerRecord {
  EmployerName: string;
  Address: string;
  PostCode: string;
  CompanyNumber: string;
  SicCodes: string;
  EmployerSize: string;
  CurrentName: string;
  DueDate: string;
}

export interface SicCodeRecord {
  'industrial-classification': string;
  name: string;
}

export interface HierarchyRecord {
  'industrial-classification': string;
  'parent-industrial-classification': string;
  name: string;
}

export interface PrefixRecord {
  prefix: string;
  company_type: string;
}

export interface LondonRecord {
  ID: string;
  'Company Registration Number': string;
  'Subsidiary Code - Description': string;
  'Global Headquarter ID Number': string;
  'Global Headquarter Company Name': string;
  'National Headquarter ID Number': string;
  'National Headquarter Company Name': string;
}

export interface SourceFiles {
  employers: EmployerRecord[];
  sicCodes: SicCodeRecord[];
  hierarchy: HierarchyRecord[];
  prefixes: PrefixRecord[];
  london: LondonRecord[];
}

/** The files' bytes, read once: hashed for the version, parsed only when a load is needed. */
export type RawSources = Record<keyof typeof FILES, Buffer>;

export async function readRawSources(dataDir = DEFAULT_DATA_DIR): Promise<RawSources> {
  const entries = await Promise.all(
    Object.entries(FILES).map(async ([key, file]) => [key, await readFile(join(dataDir, file))] as const),
  );
  return Object.fromEntries(entries) as RawSources;
}

// Bump when the loader's interpretation changes (a new column, a new derivation), so existing databases reload
// even though the files are the same.
const LOADER_VERSION = 'company-index/1';

// normalized_name is computed by the shared normaliser, which another module owns: if its behaviour on these
// names changes, the version changes and the stored names are recomputed.
const NORMALISER_PROBES = ["J. Sainsbury's Holdings Ltd", 'Nestlé UK (Group) PLC', 'Marks & Spencer Co.', 'BANKS'];

/** A hash of the files, the loader version and the normaliser's behaviour: equal versions, identical index. */
export function dataVersion(raw: RawSources): string {
  const hash = createHash('sha256').update(LOADER_VERSION);
  hash.update(JSON.stringify(NORMALISER_PROBES.map(normaliseCompanyName)));
  for (const key of Object.keys(FILES) as (keyof typeof FILES)[]) hash.update(raw[key]);
  return `${LOADER_VERSION}:${hash.digest('hex').slice(0, 16)}`;
}

function csv<T>(buffer: Buffer, delimiter: string): T[] {
  return parse(buffer, { columns: true, bom: true, delimiter, skip_empty_lines: true }) as T[];
}

// The TSVs have no quoting convention: a '"' in a name is just a character.
function tsv<T>(buffer: Buffer): T[] {
  return parse(buffer, { columns: true, bom: true, delimiter: '\t', quote: false, skip_empty_lines: true }) as T[];
}

export function parseSources(raw: RawSources): SourceFiles {
  return {
    // The pay-gap file has line breaks inside quoted SicCodes fields, hence a real CSV parser.
    employers: csv<EmployerRecord>(raw.employers, ','),
    sicCodes: tsv<SicCodeRecord>(raw.sicCodes),
    hierarchy: tsv<HierarchyRecord>(raw.hierarchy),
    prefixes: csv<PrefixRecord>(raw.prefixes, ','),
    // Semicolon-separated with a UTF-8 BOM (data README).
    london: csv<LondonRecord>(raw.london, ';'),
  };
}
