import { describe, expect, it } from 'vitest';
import { recoveryTarget } from '../src/lib/recovery';

describe('a recovery link landing on another page (issue 22: React #418)', () => {
  it('goes to /reset-password with its hash, before React hydrates', () => {
    expect(recoveryTarget('/', '#access_token=abc&type=recovery')).toBe(
      '/reset-password#access_token=abc&type=recovery',
    );
    expect(recoveryTarget('/pricing', '#type=recovery&access_token=x')).toBe(
      '/reset-password#type=recovery&access_token=x',
    );
  });
  it('stays put on the reset page itself and for other hashes', () => {
    expect(recoveryTarget('/reset-password', '#access_token=abc&type=recovery')).toBeNull();
    expect(recoveryTarget('/', '#historical-demo')).toBeNull();
    expect(recoveryTarget('/', '#access_token=abc')).toBeNull();
  });
});
