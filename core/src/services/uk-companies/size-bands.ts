/**
 * The pay-gap `EmployerSize` bands as card labels, with an ordinal rank so "similar size" is the distance between
 * ranks. The source bands (data README) are the only sizes the index knows; it has no exact head counts.
 */

export interface SizeBand {
  label: string;
  rank: number;
}

const BANDS: ReadonlyMap<string, SizeBand> = new Map([
  ['less than 250', { label: 'Under 250 staff', rank: 1 }],
  ['250 to 499', { label: '250–499 staff', rank: 2 }],
  ['500 to 999', { label: '500–999 staff', rank: 3 }],
  ['1000 to 4999', { label: '1,000–4,999 staff', rank: 4 }],
  ['5000 to 19,999', { label: '5,000–19,999 staff', rank: 5 }],
  ['20,000 or more', { label: '20,000+ staff', rank: 6 }],
]);

/** 'Less than 250' → { label: 'Under 250 staff', rank: 1 }; 'Not Provided' or anything unknown → null. */
export function sizeBandOf(employerSize: string | null | undefined): SizeBand | null {
  return BANDS.get((employerSize ?? '').trim().toLowerCase()) ?? null;
}
