/**
 * Companies House JSON → our facts. Pure: the vendor's shapes are checked here (zod) and nowhere else, so a change
 * on their side fails in one place with one message. Shapes: GET /search/companies (items[] with company_number,
 * title, company_status, company_type, address) and GET /company/{number} (company_name, company_status, type,
 * sic_codes, registered_office_address).
 */

import { padSicCode } from '@pippitch/shared/sic';
import { parsePostcode, regionOfPostcode } from '@pippitch/shared/uk-regions';
import { z } from 'zod';
import { badResponse } from './errors';

const address = z
  .object({
    premises: z.string(),
    address_line_1: z.string(),
    address_line_2: z.string(),
    locality: z.string(),
    region: z.string(),
    postal_code: z.string(),
    country: z.string(),
  })
  .partial();

const searchResponse = z.object({
  items: z
    .array(
      z.object({
        company_number: z.string().min(1),
        title: z.string(),
        company_status: z.string().optional(),
        company_type: z.string().optional(),
        address: address.optional(),
      }),
    )
    .default([]),
  total_results: z.number().optional(),
});

const companyProfile = z.object({
  company_number: z.string().min(1),
  company_name: z.string(),
  company_status: z.string().optional(),
  type: z.string().optional(),
  sic_codes: z.array(z.string()).default([]),
  registered_office_address: address.optional(),
});

export interface SearchHit {
  companyNumber: string;
  name: string;
  status: string | null;
  /** From the hit's address, so a name's choices can be told apart without reading each profile. */
  region: string | null;
}

export interface CompanyFacts {
  companyNumber: string;
  name: string;
  status: string | null;
  /** 'Private limited company'; from the profile's `type` code. */
  companyType: string | null;
  /** Five-digit SIC 2007 codes, distinct, in the register's order. */
  sicCodes: string[];
  postcode: string | null;
  locality: string | null;
  region: string | null;
}

// The register's type codes for the common kinds; any other code is shown in words ('limited-partnership' →
// 'Limited partnership').
const COMPANY_TYPES: Readonly<Record<string, string>> = {
  ltd: 'Private limited company',
  plc: 'Public limited company',
  llp: 'Limited liability partnership',
  'private-unlimited': 'Private unlimited company',
  'private-limited-guarant-nsc': 'Private company limited by guarantee',
  'private-limited-guarant-nsc-limited-exemption': 'Private company limited by guarantee',
  'oversea-company': 'Overseas company',
  'uk-establishment': 'UK establishment of an overseas company',
  'registered-society-non-jurisdictional': 'Registered society',
  'charitable-incorporated-organisation': 'Charitable incorporated organisation',
  'royal-charter': 'Royal charter company',
};

export function companyTypeLabel(code: string | undefined): string | null {
  if (!code) return null;
  const words = code.replace(/-/g, ' ');
  return COMPANY_TYPES[code] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

function parse<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) throw badResponse(result.error);
  return result.data;
}

export function toSearchHits(json: unknown): SearchHit[] {
  return parse(searchResponse, json).items.map((item) => ({
    companyNumber: item.company_number.trim().toUpperCase(),
    name: item.title.trim(),
    status: item.company_status ?? null,
    region: regionOfPostcode(parsePostcode(item.address?.postal_code)),
  }));
}

// Localities arrive as typed at filing, often in capitals.
function tidyLocality(locality: string | undefined): string | null {
  const text = locality?.trim();
  if (!text) return null;
  return text === text.toUpperCase() ? text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (m) => m.toUpperCase()) : text;
}

export function toCompanyFacts(json: unknown): CompanyFacts {
  const profile = parse(companyProfile, json);
  const office = profile.registered_office_address ?? {};
  const postcode = parsePostcode(office.postal_code);
  const sicCodes: string[] = [];
  for (const raw of profile.sic_codes) {
    const code = padSicCode(raw);
    if (code && !sicCodes.includes(code)) sicCodes.push(code);
  }
  return {
    companyNumber: profile.company_number.trim().toUpperCase(),
    name: profile.company_name.trim(),
    status: profile.company_status ?? null,
    companyType: companyTypeLabel(profile.type),
    sicCodes,
    postcode: postcode?.postcode ?? null,
    locality: tidyLocality(office.locality),
    region: regionOfPostcode(postcode),
  };
}
