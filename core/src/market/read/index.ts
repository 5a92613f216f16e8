// The market reads' face to the server app (@pippitch/core/market/read): these names and no others. Code inside
// the core imports the files themselves.

export { QuoteHub } from '../live/quote-hub';
export { seriesFor } from './cached-series';
export { storeDailyReferenceBars } from './daily-reference-bars';
export { marketDataStatus } from './data-status';
export { dayRange } from './day-range';
export { calendarRange, hasDataOn, rateAt } from './history';
export { SeriesCache } from './series-cache';
