// The market domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { seriesFor } from './cached-series';
export { storeDailyReferenceBars } from './daily-reference-bars';
export { marketDataStatus } from './data-status';
export { dayRange } from './day-range';
export { refreshEcbRates } from './ecb-rates';
export { calendarRange, hasDataOn, rateAt } from './history';
export { QuoteHub } from './live-quotes';
export { SeriesCache } from './series-cache';
