import { describe, expect, it } from 'vitest';
import { DATA_STATUS_MESSAGES as M, providerErrorWords, providerFailure } from '../src/data-status';

// Issue 31 §4: every provider error shown to a person in words; the raw error stays in the worker's log.
describe('provider errors in words', () => {
  it('tells each kind of failure apart', () => {
    expect(providerFailure('getaddrinfo ENOTFOUND www.ecb.europa.eu')).toBe('network');
    expect(providerFailure('Dukascopy unreachable: EAI_AGAIN')).toBe('network');
    expect(providerFailure('TypeError: fetch failed')).toBe('network');
    expect(providerFailure('connect ECONNREFUSED 127.0.0.1:443')).toBe('refused');
    expect(providerFailure('The operation was aborted due to timeout')).toBe('timeout');
    expect(providerFailure('HTTP 401 Unauthorized')).toBe('key');
    expect(providerFailure('HTTP 429 Too Many Requests')).toBe('limit');
    expect(providerFailure('HTTP error! status: 503')).toBe('provider');
    expect(providerFailure('unexpected CSV header')).toBe('other');
  });

  it('says what is used meanwhile and, when known, the next try in London time', () => {
    // 13:05 UTC in November is 13:05 London; in July (BST) 13:05 UTC is 14:05 London.
    expect(providerErrorWords('getaddrinfo ENOTFOUND x', 'the bundled data is in use', '2026-07-01T13:05:00Z')).toBe(
      'No network: the bundled data is in use; next try at 14:05',
    );
    expect(providerErrorWords('getaddrinfo ENOTFOUND x', 'the bundled data is in use', '2026-11-27T13:05:00Z')).toBe(
      'No network: the bundled data is in use; next try at 13:05',
    );
    expect(providerErrorWords('connect ECONNREFUSED', 'the bundled data is in use')).toBe(
      'The provider refused the connection: the bundled data is in use',
    );
  });

  it("the market-data card's lines carry no raw error", () => {
    const lines = [
      M.pairError('Dukascopy unreachable: ENOTFOUND'),
      M.historyError('Dukascopy', 'getaddrinfo ENOTFOUND datafeed.dukascopy.com'),
      M.ecbError('connect ETIMEDOUT 1.2.3.4:443'),
      M.feedFailing('tradermade', 'HTTP error! status: 500'),
    ];
    expect(lines).toEqual([
      'No network: the bundled data is in use.',
      'Dukascopy did not answer. No network: the bundled data is in use.',
      'Last ECB fetch failed. The provider did not answer in time: the bundled ECB rates are in use.',
      'The TraderMade feed is failing. The provider is having trouble at its end: fallback rates are shown until it recovers.',
    ]);
    for (const line of lines) expect(line).not.toMatch(/ENOTFOUND|ETIMEDOUT|status: 500/);
    expect(M.feedFailing('tradermade', null)).toBe(
      'The TraderMade feed is failing. Fallback rates are shown until it recovers.',
    );
    // With the poller's next try known (its backoff's end), in London time: BST in July.
    expect(M.feedFailing('tradermade', 'getaddrinfo ENOTFOUND x', '2026-07-01T13:05:00Z')).toBe(
      'The TraderMade feed is failing. No network: fallback rates are shown until it recovers; next try at 14:05.',
    );
    expect(M.feedFailing('tradermade', null, '2026-11-27T13:05:00Z')).toBe(
      'The TraderMade feed is failing. Fallback rates are shown until it recovers; next try at 13:05.',
    );
  });
});
