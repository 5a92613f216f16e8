import { FINDER_PAGE_SIZE } from './types';

/** A page is never more than this, whatever the caller asks, so a finder call stays cheap. */
export const MAX_FINDER_LIMIT = 50;

/** The page size to use: FINDER_PAGE_SIZE by default, otherwise 1 to MAX_FINDER_LIMIT. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return FINDER_PAGE_SIZE;
  return Math.min(MAX_FINDER_LIMIT, Math.max(1, Math.floor(limit)));
}
