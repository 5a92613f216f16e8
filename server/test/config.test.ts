/** Production defaults that must not be left to chance. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('production defaults', () => {
  it('creates the demo company (published password) outside production only, unless DEMO_DATA says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('secure cookies in production, trusting no proxy unless told', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.cookieSecure).toBe(true);
    expect(production.trustProxy).toBe(false);
  });
});
