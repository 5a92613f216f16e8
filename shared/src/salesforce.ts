// The Salesforce screens' texts (spec §5, §8), shared by the server that refuses and the pages that show them.

export const SALESFORCE_MESSAGES = {
  noCode: 'Error: No authorization code received',
  badState: 'Error: Invalid state parameter',
  noVerifier: 'Error: Missing code verifier',
  connectFailed: 'Failed to complete connection. Please try again.',
  connected: 'Connected to Salesforce! Returning to settings…',
  disconnectFailed: 'Failed to disconnect. Please try again.',
  testOk: 'Test data successfully sent to Salesforce!',
  testFailed: 'Export test failed. Please check your connection.',
  notConfigured:
    'Salesforce is not set up for this installation yet, so exports are kept in the export log on the Salesforce settings page. Ask your PipPitch administrator to configure it.',
  broken: 'Salesforce no longer accepts our connection (it was revoked or expired). Please reconnect.',
  notConnected: 'Salesforce is not connected.',
} as const;

export const SCHEDULE_MESSAGES = {
  createFailed: (msg: string) => `Failed to create schedule: ${msg}`,
  updateFailed: (msg: string) => `Failed to update schedule: ${msg}`,
  saveFailed: 'Failed to save export schedule',
  retry: 'Failed to save schedule. Please try again.',
} as const;

/** Where Salesforce sends the admin back after the consent screen (our page, which finishes the connection). */
export const SALESFORCE_CALLBACK_PATH = '/salesforce-callback';
export const SALESFORCE_SETTINGS_PATH = '/admin/salesforce-settings';
/** The export log as CSV: a plain GET the browser downloads. */
export const EXPORT_LOG_CSV_PATH = '/api/crm/export-log.csv';

/** Chatter's limit for one post's text; longer summaries are split into numbered parts, never cut. */
export const CHATTER_POST_LIMIT = 10_000;

export type ExportStatus = 'pending' | 'sent' | 'recorded' | 'failed';

export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  pending: 'In progress',
  sent: 'Sent to Salesforce',
  recorded: 'Kept in the export log',
  failed: 'Failed',
};
