import { describe, expect, it } from 'vitest';
import { failureMessage } from '../src/features/invitations/failure';

describe('invite and join failures', () => {
  it("show the server's reason for a refusal, the spec's text for anything else", () => {
    const refused = { message: 'This invitation has expired', data: { httpStatus: 400 } };
    expect(failureMessage(refused, 'Failed to accept invitation')).toBe('This invitation has expired');
    const crashed = { message: 'Something went wrong. Please try again.', data: { httpStatus: 500 } };
    expect(failureMessage(crashed, 'Failed to accept invitation')).toBe('Failed to accept invitation');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to send invitations')).toBe(
      'Failed to send invitations',
    );
    expect(failureMessage(null, 'Failed to send invitations')).toBe('Failed to send invitations');
  });
});
