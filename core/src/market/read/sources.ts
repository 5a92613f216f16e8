// The source lists, labels and summary live in shared/src/sources.ts (one home for server, worker and web); the
// history service reads them from here.
export { type PriceSource, summariseSources } from '@pippitch/shared/sources';
