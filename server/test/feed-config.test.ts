import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/src/config';

// Issue 21 §4: a vendor feed configured by half stops start-up with one clear line, instead of silently running
// on the simulated feed.
const run = promisify(execFile);

describe('feed configuration', () => {
  it('FX_FEED_URL without FX_FEED_API_KEY, or the reverse, is refused in one line; both or neither are fine', () => {
    expect(() => loadConfig({ FX_FEED_URL: 'https://marketdata.tradermade.com/api/v1' })).toThrow(
      'Invalid configuration: FX_FEED_URL is set but FX_FEED_API_KEY is not; set both for the vendor feed, or neither for the simulated feed',
    );
    expect(() => loadConfig({ FX_FEED_API_KEY: 'k' })).toThrow(
      /^Invalid configuration: FX_FEED_API_KEY is set but FX_FEED_URL is not/,
    );
    expect(() => loadConfig({ FX_FEED_URL: 'https://x.test/api', FX_FEED_API_KEY: '  ' })).toThrow(
      /FX_FEED_API_KEY is not/,
    );
    expect(loadConfig({ FX_FEED_URL: 'https://x.test/api', FX_FEED_API_KEY: 'k' }).fxFeedApiKey).toBe('k');
    expect(loadConfig({}).fxFeedUrl).toBeUndefined();
  });

  it('the worker stops at start with that line and exit code 1', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'worker/src/bin/worker.ts'], {
      env: { PATH: process.env.PATH, FX_FEED_URL: 'https://marketdata.tradermade.com/api/v1' },
      timeout: 60_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr.trim()).toBe(
      'Invalid configuration: FX_FEED_URL is set but FX_FEED_API_KEY is not; set both for the vendor feed, or neither for the simulated feed',
    );
  });
});
