/**
 * The historical demo's 'Rate Found' (spec §2: the sample rate 1.3304): a real minute of the bundled series where
 * GBP/USD is 1.3304, as worker/src/bin/demo-series.ts found it. Kept out of demo-series.json so the landing page's
 * first load does not carry the series; web/test/demo-series.test.ts checks the two agree.
 */
export const DEMO_SAMPLE = { at: '2025-10-24T11:07:00.000Z', rate: '1.3304' } as const;

/** The calendar's enabled days (spec §2). */
export const DEMO_RANGE = { min: '2024-10-01', max: '2025-10-26' } as const;
