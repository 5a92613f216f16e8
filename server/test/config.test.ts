/** Production defaults that must not be left to chance. */
import { describe, expect, it } from 'vitest';
import { loadConfig, oneLine } from '../../core/src/config';

/** The operator's details a production server needs (issue 22 §4). */
const OPERATOR_ENV = {
  OPERATOR_NAME: 'PipPitch Ltd',
  OPERATOR_COMPANY_NUMBER: '12345678',
  OPERATOR_ADDRESS: '2 Finsbury Avenue, London EC2M 2PP',
  OPERATOR_EMAIL: 'support@pippitch.co.uk',
  OPERATOR_ICO_NUMBER: 'ZB123456',
};
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://app.pippitch.example',
  SMTP_URL: 'smtp://mail.example:587',
  ...OPERATOR_ENV,
};

describe('production defaults', () => {
  it('creates the demo company (published password) outside production only, unless DEMO_DATA says otherwise', () => {
    expect(loadConfig(PRODUCTION).demoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('secure cookies in production, trusting no proxy unless told', () => {
    const production = loadConfig(PRODUCTION);
    expect(production.cookieSecure).toBe(true);
    expect(production.trustProxy).toBe(false);
  });
});

describe("the operator's details (issue 22 §4)", () => {
  it('production refuses to start without them, in one line naming every variable missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      "Invalid configuration: production needs the operator's details for the Terms and Privacy pages; set OPERATOR_NAME, OPERATOR_COMPANY_NUMBER, OPERATOR_ADDRESS, OPERATOR_EMAIL, OPERATOR_ICO_NUMBER",
    );
    let message = '';
    try {
      loadConfig({ ...PRODUCTION, OPERATOR_ICO_NUMBER: '  ' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/set OPERATOR_ICO_NUMBER$/);
    expect(message).not.toContain('\n');
  });

  it('production uses them as configured; the VAT line only when set; privacy mail defaults to the contact', () => {
    expect(loadConfig(PRODUCTION).operator).toEqual({
      legalName: 'PipPitch Ltd',
      companyNumber: '12345678',
      registeredOffice: '2 Finsbury Avenue, London EC2M 2PP',
      contactEmail: 'support@pippitch.co.uk',
      icoRegistration: 'ZB123456',
      vatNumber: null,
      privacyEmail: 'support@pippitch.co.uk',
      sample: false,
    });
    expect(loadConfig({ ...PRODUCTION, OPERATOR_VAT_NUMBER: 'GB123456789' }).operator.vatNumber).toBe('GB123456789');
  });

  it('development shows the marked sample', () => {
    const dev = loadConfig({}).operator;
    expect(dev.sample).toBe(true);
    expect(dev.legalName).toContain('sample');
    expect(JSON.stringify(dev)).not.toContain('to be completed');
  });
});

describe('production settings that must not be guessed (issue 23)', () => {
  const { PUBLIC_URL: _url, SMTP_URL: _smtp, ...bare } = PRODUCTION;
  it('needs PUBLIC_URL', () => {
    expect(() => loadConfig({ ...bare, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      'Invalid configuration: PUBLIC_URL is required in production',
    );
  });
  it('needs SMTP_URL or an explicit EMAIL_DISABLED=true, which the config then carries', () => {
    expect(() => loadConfig({ ...bare, PUBLIC_URL: 'https://a.example' })).toThrow(
      'production needs SMTP_URL to send e-mail, or EMAIL_DISABLED=true',
    );
    expect(loadConfig({ ...bare, PUBLIC_URL: 'https://a.example', EMAIL_DISABLED: 'true' }).emailDisabled).toBe(true);
    expect(loadConfig(PRODUCTION).emailDisabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).emailDisabled).toBe(false);
  });
  it('reads an empty variable as unset, as compose passes an unset one with a :- default (issue 33)', () => {
    const config = loadConfig({
      ...PRODUCTION,
      EMAIL_DISABLED: '',
      HISTORY_PROVIDER: '',
      COOKIE_SECURE: '',
      DEMO_DATA: '',
      METRICS_TOKEN: '',
      SECRETS_KEY: '',
      DATABASE_WAIT_SECONDS: '',
    });
    expect(config).toMatchObject({ emailDisabled: false, cookieSecure: true, demoData: false, databaseWaitMs: 60_000 });
    expect(config.history.provider).toBe('dukascopy');
  });
  it('prints configuration errors as one line', () => {
    expect(oneLine('Invalid configuration:\n  PORT: too big\n  HOST: empty')).toBe(
      'Invalid configuration: PORT: too big; HOST: empty',
    );
    expect(oneLine('Invalid configuration: PUBLIC_URL is required')).toBe(
      'Invalid configuration: PUBLIC_URL is required',
    );
  });
});

describe('SECRETS_KEY rotation keys', () => {
  const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

  it('reads the previous key beside the current one', () => {
    const config = loadConfig({ SECRETS_KEY: key(1), SECRETS_KEY_PREVIOUS: key(2) });
    expect(config.secretsKey).toEqual(Buffer.alloc(32, 1));
    expect(config.secretsKeyPrevious).toEqual(Buffer.alloc(32, 2));
    expect(loadConfig({ SECRETS_KEY: key(1) }).secretsKeyPrevious).toBeUndefined();
  });

  it('refuses a previous key of the wrong size, or one without a current key', () => {
    expect(() => loadConfig({ SECRETS_KEY: key(1), SECRETS_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(
      'SECRETS_KEY_PREVIOUS must be 32 bytes in base64',
    );
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: key(2) })).toThrow(
      'SECRETS_KEY_PREVIOUS is set without SECRETS_KEY',
    );
  });
});
