/**
 * SIC names and placements read from the loaded tables: the reasoning's "SIC class 46.90 (Non-specialised
 * wholesale trade)" and the Companies House adapter's placing of codes. About 1,900 small rows, read once per
 * database handle and kept.
 */

import { type PlacedSicCode, placeSicCode, type SicProfile, sicProfile } from '@pippitch/shared/sic';
import type { Database } from '@pippitch/sql';
import { readSicCodes, readSicHierarchy } from '../../../queries/uk-companies/sic';
import type { SharedLevel } from './closeness';

export interface SicDirectory {
  /** 'SIC class 46.90 (Non-specialised wholesale trade)'; for a code, its subclass or class when it has one. */
  label(level: SharedLevel, code: string): string;
  /** The Companies House description of a five-digit code. */
  industryOf(code: string): string | null;
  /** The ONS name of a hierarchy code ('28.92' → 'Manufacture of machinery for mining, quarrying and construction'). */
  nameOf(hierarchyCode: string): string | null;
  place(code: string): PlacedSicCode;
  profileOf(codes: readonly string[]): SicProfile;
}

const cache = new WeakMap<Database, Promise<SicDirectory>>();

export function sicDirectory(db: Database): Promise<SicDirectory> {
  const cached = cache.get(db);
  if (cached) return cached;
  const directory = readDirectory(db);
  cache.set(db, directory);
  // Not kept when it fails or the tables are still empty (asked before the first load finished).
  directory.then(
    (d) => d.isEmpty && cache.delete(db),
    () => cache.delete(db),
  );
  return directory;
}

async function readDirectory(db: Database): Promise<SicDirectory & { isEmpty: boolean }> {
  const [hierarchy, codes] = await Promise.all([readSicHierarchy(db), readSicCodes(db)]);
  const names = new Map(hierarchy.map((h) => [h.code, { level: h.level, name: h.name }]));
  const byCode = new Map(codes.map((c) => [c.code, c]));

  const place = (code: string): PlacedSicCode => {
    const row = byCode.get(code);
    if (!row) return placeSicCode(code, (c) => names.has(c));
    return {
      code,
      subclass: row.subclass_code,
      class: row.class_code,
      group: row.group_code,
      division: row.division_code,
      section: row.section_code,
    };
  };

  const describe = (code: string) => {
    const entry = names.get(code);
    return entry ? `SIC ${entry.level} ${code} (${entry.name})` : `SIC code ${code}`;
  };

  return {
    isEmpty: hierarchy.length === 0,
    label(level, code) {
      if (level !== 'code') return describe(code);
      const placed = place(code);
      const shown = placed.subclass ?? placed.class;
      if (shown) return describe(shown);
      const name = byCode.get(code)?.name;
      return name ? `SIC code ${code} (${name})` : `SIC code ${code}`;
    },
    industryOf: (code) => byCode.get(code)?.name ?? null,
    nameOf: (hierarchyCode) => names.get(hierarchyCode)?.name ?? null,
    place,
    profileOf: (list) => sicProfile(list, place),
  };
}
