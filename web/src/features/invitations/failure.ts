/**
 * The message for a failed call on the invite and join pages: the server's own text when it refused with a
 * reason (4xx), else the spec's fallback ('Failed to send invitations', 'Failed to accept invitation').
 */
export function failureMessage(err: unknown, fallback: string): string {
  const e = err as { message?: unknown; data?: { httpStatus?: number } | null } | null;
  const status = e?.data?.httpStatus;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof e?.message === 'string' && e.message) {
    return e.message;
  }
  return fallback;
}
