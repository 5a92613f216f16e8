import { describe, expect, it } from 'vitest';
import { errorMessage, failureMessage, isRetryable } from '../src/lib/failure';

// The shapes a TRPCClientError has: an answer carries data.code/httpStatus, a request that never arrived has none.
const refused = { message: 'This invitation has expired', data: { code: 'BAD_REQUEST', httpStatus: 400 } };
const outage = {
  message: 'Market data is briefly unavailable',
  data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
};
const crashed = { message: 'Internal server error', data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } };
const offline = new TypeError('Failed to fetch');
const UNREACHABLE = 'Cannot reach PipPitch. Check your connection and try again.';

describe('failureMessage: what a failed action says', () => {
  it("shows the server's reason for a refusal or an outage", () => {
    expect(failureMessage(refused, 'Failed to accept invitation')).toBe('This invitation has expired');
    expect(failureMessage(outage, 'Failed to update seats')).toBe('Market data is briefly unavailable');
  });

  it("shows the spec's 'Failed to …' for a crash or no error at all", () => {
    expect(failureMessage(crashed, 'Failed to accept invitation')).toBe('Failed to accept invitation');
    expect(failureMessage(null, 'Failed to send invitations')).toBe('Failed to send invitations');
    expect(failureMessage({ data: { code: 'BAD_REQUEST' } }, 'Failed to remove users')).toBe('Failed to remove users');
  });

  it('says the connection is the problem when the request never arrived', () => {
    expect(failureMessage(offline, 'Failed to send invitations')).toBe(UNREACHABLE);
    expect(failureMessage(new TypeError('NetworkError when attempting to fetch resource.'), 'x')).toBe(UNREACHABLE);
  });
});

describe('errorMessage: any text beats a generic one', () => {
  it("keeps the error's own text, even a crash's, and names the connection when nothing came back", () => {
    expect(errorMessage(crashed)).toBe('Internal server error');
    expect(errorMessage(refused, 'Failed to load')).toBe('This invitation has expired');
    expect(errorMessage(new TypeError('fetch failed'))).toBe(UNREACHABLE);
  });

  it('falls back when there is no text', () => {
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
    expect(errorMessage({ message: '' }, 'Failed to load activity')).toBe('Failed to load activity');
    expect(errorMessage('a string is not an error', 'Search failed. Please try again.')).toBe(
      'Search failed. Please try again.',
    );
  });
});

describe('isRetryable: whether the same call may succeed next time', () => {
  it('retries what never arrived, a crash, an outage or a timeout', () => {
    expect(isRetryable(offline)).toBe(true);
    expect(isRetryable(crashed)).toBe(true);
    expect(isRetryable(outage)).toBe(true);
    expect(isRetryable({ message: 'slow', data: { code: 'TIMEOUT' } })).toBe(true);
  });

  it('does not retry a refusal: it would be refused again', () => {
    for (const code of ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS']) {
      expect(isRetryable({ message: 'no', data: { code } })).toBe(false);
    }
  });
});
