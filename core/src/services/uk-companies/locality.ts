/**
 * The town a card shows ("Birmingham, West Midlands"). The pay-gap `Address` is one line ending with the postcode,
 * and the locality is usually the segment before it (data README), but many addresses add a county and a country
 * there ('…, Kingston Upon, Hull, East Yorkshire, England, HU9 1RP'); those are skipped to reach the town.
 */

import { parsePostcode } from '@pippitch/shared/uk-regions';

/** A comma-separated list (one readable block instead of a string per line) as a lower-case set. */
function listOf(text: string): ReadonlySet<string> {
  return new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== ''),
  );
}

const COUNTRIES = listOf(`
england, scotland, wales, northern ireland, united kingdom, uk, u.k., gb, great britain
`);

// UK counties as they appear at the end of addresses: ceremonial, historic and postal counties, Scottish council
// areas, Welsh principal areas and the Northern Irish counties. Areas named after their main town (Bristol, Durham,
// Wrexham, …) are left out: there the name is the town. Compared lower-case.
const COUNTIES = listOf(`
bedfordshire, berkshire, buckinghamshire, bucks, cambridgeshire, cambs, cheshire, cleveland, cornwall,
county durham, co durham, co. durham, cumbria, cumberland, derbyshire, devon, dorset, east sussex,
east yorkshire, east riding of yorkshire, essex, gloucestershire, glos, greater london, greater manchester,
hampshire, hants, herefordshire, hertfordshire, herts, isle of wight, kent, lancashire, lancs, leicestershire,
leics, lincolnshire, lincs, merseyside, middlesex, norfolk, north yorkshire, northamptonshire, northants,
northumberland, nottinghamshire, notts, oxfordshire, oxon, rutland, shropshire, somerset, north somerset,
south yorkshire, staffordshire, staffs, suffolk, surrey, tyne and wear, tyne & wear, warwickshire,
west midlands, west sussex, west yorkshire, wiltshire, wilts, worcestershire, worcs, avon, humberside,
north humberside, south humberside, aberdeenshire, angus, argyll and bute, argyll, ayrshire, north ayrshire,
east ayrshire, south ayrshire, clackmannanshire, dumfries and galloway, dumfriesshire, dunbartonshire,
east dunbartonshire, west dunbartonshire, east lothian, midlothian, west lothian, lothian, fife, highland,
inverclyde, lanarkshire, north lanarkshire, south lanarkshire, moray, orkney, perth and kinross, perthshire,
renfrewshire, east renfrewshire, scottish borders, shetland, stirlingshire, strathclyde, tayside, grampian,
blaenau gwent, carmarthenshire, ceredigion, denbighshire, flintshire, glamorgan, mid glamorgan,
south glamorgan, west glamorgan, vale of glamorgan, gwent, gwynedd, isle of anglesey, anglesey, monmouthshire,
neath port talbot, pembrokeshire, powys, rhondda cynon taf, torfaen, clwyd, dyfed, county antrim, co antrim,
co. antrim, county armagh, co armagh, co. armagh, county down, co down, co. down, county fermanagh,
co fermanagh, co. fermanagh, fermanagh, county londonderry, co londonderry, co. londonderry, county tyrone,
co tyrone, co. tyrone, tyrone
`);

/**
 * 'London SW1Y 4PD' → 'London'; 'CM2 OLS' → '' when the postcode is 'CM2 0LS' (the address may spell it
 * differently from the PostCode column, hence comparing parsed forms).
 */
function withoutTrailingPostcode(segment: string, postcode: string | null): string {
  if (!postcode || parsePostcode(segment)?.postcode !== postcode) return segment;
  let toDrop = postcode.replace(/\s/g, '').length;
  let end = segment.length;
  while (end > 0 && toDrop > 0) {
    end--;
    if (/[\p{L}\p{N}]/u.test(segment[end] ?? '')) toDrop--;
  }
  return segment.slice(0, end).trim();
}

// 'Watford Hertfordshire': a county typed without its comma.
function withoutTrailingCounty(segment: string): string {
  const words = segment.split(' ');
  for (let take = Math.min(4, words.length - 1); take >= 1; take--) {
    if (COUNTIES.has(words.slice(-take).join(' ').toLowerCase())) return words.slice(0, -take).join(' ');
  }
  return segment;
}

// Some addresses are typed in capitals ('LONDON'); cards read better in title case. Mixed case is left alone.
function titleCaseIfShouting(segment: string): string {
  if (segment !== segment.toUpperCase()) return segment;
  return segment
    .toLowerCase()
    .replace(/(^|[\s\-'(])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * The last address segment before the postcode that is a town: not empty, not the postcode, not a country or
 * county, and not a street line (starts with a number). Falls back to the county when nothing else is left.
 */
export function localityFromAddress(address: string | null | undefined, postcode: string | null): string | null {
  if (!address) return null;
  const segments = address
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== '');
  let fallback: string | null = null;
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = withoutTrailingPostcode(segments[i]!, postcode);
    if (segment === '') continue;
    const lower = segment.toLowerCase();
    if (COUNTRIES.has(lower)) continue;
    if (COUNTIES.has(lower)) {
      fallback ??= segment;
      continue;
    }
    if (/^\d/.test(segment)) return fallback ? titleCaseIfShouting(fallback) : null;
    return titleCaseIfShouting(withoutTrailingCounty(segment));
  }
  return fallback ? titleCaseIfShouting(fallback) : null;
}
