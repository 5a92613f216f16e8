/**
 * What an admin may ask the shared worker for on demand (issue 19): one of each kind at a time per company and a
 * few an hour, so one company — a free trial is enough to be an admin — cannot queue hundreds of PDFs and e-mails
 * and make every other company's reports wait. Scheduled work (monthly reports, scheduled exports) is not limited
 * here and runs ahead of on-demand work (ON_DEMAND_PRIORITY).
 */
export const ON_DEMAND_LIMITS = {
  testReport: { perHour: 5 },
  testExport: { perHour: 10 },
  exportNow: { perHour: 10 },
} as const;

export type OnDemandKind = keyof typeof ON_DEMAND_LIMITS;

export const ON_DEMAND_MESSAGES = {
  testReport: {
    busy: 'A test report is already being prepared. It will be listed below when it is ready.',
    hourly: `Your company has asked for ${ON_DEMAND_LIMITS.testReport.perHour} test reports in the last hour. Please wait a while and try again.`,
  },
  testExport: {
    busy: 'A test export is already running. Please wait for it to finish.',
    hourly: `Your company has sent ${ON_DEMAND_LIMITS.testExport.perHour} test exports in the last hour. Please wait a while and try again.`,
  },
  exportNow: {
    busy: 'An export is already in progress. It will be listed in the export log when it is done.',
    hourly: `Your company has started ${ON_DEMAND_LIMITS.exportNow.perHour} exports in the last hour. Please wait a while and try again.`,
  },
} as const satisfies Record<OnDemandKind, { busy: string; hourly: string }>;

/** pg-boss runs higher priorities first: scheduled work ahead of anything asked for on demand. */
export const SCHEDULED_PRIORITY = 10;
export const ON_DEMAND_PRIORITY = 0;

/** Test reports kept per company (each holds its PDF); older ones are deleted as new ones are made. */
export const KEPT_TEST_REPORTS = 10;
