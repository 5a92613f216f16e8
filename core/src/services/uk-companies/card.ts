/** A company as the finder and the search show it, and how a company_index row becomes one. */

import type { SicProfile } from '@pippitch/shared/sic';
import type { IndexRow } from '../../queries/uk-companies/index-row';

/** What a card shows and what 'Add to List' stores on the lead (user_leads: industry, sic_codes, location, …). */
export interface CompanyCard {
  name: string;
  companyNumber?: string;
  /** Description of the first SIC code; null when the source has none. */
  industry: string | null;
  /** Five-digit SIC 2007 codes. */
  sicCodes: string[];
  /** 'Birmingham, West Midlands'; null when the address is unknown. */
  location: string | null;
  postcode?: string;
  /** Size band such as '250–499 staff'; null when unknown (Companies House does not publish head counts). */
  size: string | null;
  /** The 'UK Subsidiary' badge. */
  isSubsidiary: boolean;
  parentName?: string;
  companyType?: string;
}

export function profileOfRow(row: IndexRow): SicProfile {
  return {
    codes: row.sic_codes,
    subclasses: row.sic_subclasses,
    classes: row.sic_classes,
    groups: row.sic_groups,
    divisions: row.sic_divisions,
    sections: row.sic_sections,
  };
}

/** 'Birmingham, West Midlands'; just 'London' when town and region are the same. */
export function locationOf(locality: string | null, region: string | null): string | null {
  if (locality && region && locality.toLowerCase() === region.toLowerCase()) return region;
  return [locality, region].filter(Boolean).join(', ') || null;
}

export function cardOfRow(row: IndexRow): CompanyCard {
  return {
    name: row.name,
    ...(row.company_number ? { companyNumber: row.company_number } : {}),
    industry: row.industry,
    sicCodes: row.sic_codes,
    location: locationOf(row.locality, row.region),
    ...(row.postcode ? { postcode: row.postcode } : {}),
    size: row.size_band,
    isSubsidiary: row.is_subsidiary,
    ...(row.parent_name ? { parentName: row.parent_name } : {}),
    ...(row.company_type ? { companyType: row.company_type } : {}),
  };
}
