/**
 * Limits of the API's transport, shared so the browser's client never sends what the server refuses.
 * A tRPC batch runs every call in it: without a cap one request carried 450 sign-in attempts (issue 19).
 * The busiest page batches 6 queries; 10 leaves room and keeps one request's work small.
 */
export const MAX_BATCH_CALLS = 10;

export const API_LIMIT_MESSAGES = {
  batchTooLarge: `A request may carry at most ${MAX_BATCH_CALLS} calls. Please send fewer at once.`,
} as const;
