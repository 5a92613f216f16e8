// The monthly client report's texts (spec §6, §8 Reports and Schedules), for the server that refuses and the card
// that shows them.

export const REPORT_MESSAGES = {
  premium: 'Premium Feature',
  addonRequired: 'Monthly client reports need the Client Data Tracking add-on. Enable it in Account Management.',
  notAuthenticated: 'Not authenticated',
  companyNotFound: 'Company not found',
  error: (msg: string) => `Error: ${msg}`,
  saveFailed: 'Failed to save monthly export schedule',
  createFailed: (msg: string) => `Failed to create monthly schedule: ${msg}`,
  updateFailed: (msg: string) => `Failed to update monthly schedule: ${msg}`,
  retry: 'Failed to save schedule. Please try again.',
  testQueued:
    'Test report on its way: it covers the last 30 days and will be e-mailed to your admins and listed below.',
  notFound: 'Report not found',
} as const;

export type ReportStatus = 'pending' | 'ready' | 'failed';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Generating',
  ready: 'Ready',
  failed: 'Failed',
};

/** A report's PDF: a plain GET the browser downloads. */
export function reportPdfPath(id: string): string {
  return `/api/reports/${id}.pdf`;
}

/** 'pippitch-report-2026-10-01-to-2026-10-31.pdf'. */
export function reportFileName(start: string, end: string): string {
  return `pippitch-report-${start}-to-${end}.pdf`;
}
