/**
 * UK region from a postcode: the "also in the West Midlands" of a similar company's reasoning. Regions are the nine
 * English ITL1 regions plus the three nations; the Crown Dependencies, which share the postcode system, are named
 * as themselves. Each postcode area (the letters of the outward code) has a region; an area that straddles a
 * boundary goes to the region holding most of its population, and its districts on the other side are listed as
 * exceptions (SY23 Aberystwyth is in Wales although SY is mostly Shropshire).
 */

export const UK_REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East of England',
  'London',
  'South East',
  'South West',
  'Wales',
  'Scotland',
  'Northern Ireland',
  'Channel Islands',
  'Isle of Man',
] as const;

export type UkRegion = (typeof UK_REGIONS)[number];

const AREAS_BY_REGION: Record<UkRegion, string> = {
  'North East': 'DH DL NE SR TS',
  'North West': 'BB BL CA CH CW FY L LA M OL PR SK WA WN',
  'Yorkshire and The Humber': 'BD DN HD HG HU HX LS S WF YO',
  'East Midlands': 'DE LE LN NG NN',
  'West Midlands': 'B CV DY HR ST SY TF WR WS WV',
  'East of England': 'AL CB CM CO IP LU NR PE SG SS WD',
  London: 'BR CR E EC EN HA IG N NW RM SE SM SW TW UB W WC',
  'South East': 'BN CT DA GU HP KT ME MK OX PO RG RH SL SO TN',
  'South West': 'BA BH BS DT EX GL PL SN SP TA TQ TR',
  Wales: 'CF LD LL NP SA',
  Scotland: 'AB DD DG EH FK G HS IV KA KW KY ML PA PH TD ZE',
  'Northern Ireland': 'BT',
  'Channel Islands': 'GY JE',
  'Isle of Man': 'IM',
};

// Districts of straddling areas that lie in another region than their area ('SY16-25' is SY16 … SY25).
const DISTRICT_EXCEPTIONS: Partial<Record<UkRegion, string>> = {
  'North East': 'TD15',
  'Yorkshire and The Humber': 'DL6-8 DL10-11',
  'East Midlands': 'DN21-22 PE8-12 PE20-25 S18 S21 S32-33 S40-45 S80-81 SK13 SK17 SK22-23',
  'West Midlands': 'DE13-15',
  'East of England': 'EN6-11 HP1-4 HP23 IG7 IG9-10 MK40-46 RM15-20',
  London: 'DA5-8 DA14-18 KT1-6 KT9',
  'South East': 'BR8 CR3 CR6 SM7 SP6 SP10-11 TW15-20',
  Wales: 'CH5-8 SY15-25',
};

function expandDistricts(spec: string): string[] {
  return spec.split(' ').flatMap((item) => {
    const m = /^([A-Z]+)(\d+)(?:-(\d+))?$/.exec(item);
    if (!m) throw new Error(`bad district range ${item}`);
    const [, area = '', from = '', to] = m;
    const last = Number(to ?? from);
    return Array.from({ length: last - Number(from) + 1 }, (_, i) => `${area}${Number(from) + i}`);
  });
}

const REGION_BY_DISTRICT: ReadonlyMap<string, UkRegion> = new Map(
  (Object.entries(DISTRICT_EXCEPTIONS) as [UkRegion, string][]).flatMap(([region, spec]) =>
    expandDistricts(spec).map((district) => [district, region] as const),
  ),
);

export const REGION_BY_POSTCODE_AREA: ReadonlyMap<string, UkRegion> = new Map(
  (Object.entries(AREAS_BY_REGION) as [UkRegion, string][]).flatMap(([region, areas]) =>
    areas.split(' ').map((area) => [area, region] as const),
  ),
);

// Outward code (area letters, district digit, optional digit or letter) then inward code (digit, two letters).
const POSTCODE = /([A-Z]{1,2})(\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

export interface ParsedPostcode {
  /** Canonical form: 'SW1Y 4PD'. */
  postcode: string;
  /** Outward code: 'SW1Y'. */
  district: string;
  /** Its letters: 'SW'. */
  area: string;
}

/**
 * The postcode in canonical form with its district and area, read from the end of `raw` so that stray prefixes,
 * spaces and punctuation in the source ('UK EC1V 4QJ', 'HP 21 8AL', 'WS2 9PS.') still parse. Anything else → null.
 */
export function parsePostcode(raw: string | null | undefined): ParsedPostcode | null {
  if (!raw) return null;
  const compact = raw.toUpperCase().replace(/[^A-Z\d]/g, '');
  return match(compact) ?? match(repairLetterO(compact));
}

function match(compact: string): ParsedPostcode | null {
  const m = POSTCODE.exec(compact);
  if (!m) return null;
  // The pattern's three groups are not optional: a match has all of them.
  const [, area = '', district = '', inward = ''] = m;
  // Only a real area: anything else is a typo or a foreign code, and a made-up area would invent a region.
  if (!REGION_BY_POSTCODE_AREA.has(area)) return null;
  return { postcode: `${area}${district} ${inward}`, district: `${area}${district}`, area };
}

// Typed postcodes confuse the letter O and the digit 0 ('CM2 OLS', 'P033 3FE'). The inward code always starts
// with a digit and an area never contains one, which is enough to undo the common cases.
function repairLetterO(compact: string): string {
  const inwardAt = compact.length - 3;
  let fixed = compact;
  if (fixed[inwardAt] === 'O') fixed = `${fixed.slice(0, inwardAt)}0${fixed.slice(inwardAt + 1)}`;
  return fixed.replace(/^([A-Z])0(?=\d)/, '$1O');
}

export function regionOfPostcode(postcode: ParsedPostcode | null): UkRegion | null {
  if (!postcode) return null;
  return REGION_BY_DISTRICT.get(postcode.district) ?? REGION_BY_POSTCODE_AREA.get(postcode.area) ?? null;
}

/** How a region reads after "in": 'the West Midlands', but 'London', 'Wales'. */
export function inRegionPhrase(region: string): string {
  return /^(North |South |East |West |Channel|Isle)/.test(region) ? `the ${region}` : region;
}
