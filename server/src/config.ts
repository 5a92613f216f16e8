/**
 * The only place that reads process.env. Everything else receives a Config.
 * Unset keys select the embedded defaults of design.md §2.
 */
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address people use to reach the app; goes into e-mail links. */
  PUBLIC_URL: optionalUrl,
  /** Secure cookies: on by default in production (behind TLS). */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** Extra origins allowed to call mutations (comma-separated), e.g. a Vite dev server. */
  ALLOWED_ORIGINS: z.string().default(''),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('PipPitch <no-reply@pippitch.local>'),
  SUPPORT_EMAIL: z.string().default('support@pippitch.co.uk'),
  FX_FEED_URL: optionalUrl,
  FX_FEED_API_KEY: z.string().optional(),
  MARKET_POLL_MS: z.coerce.number().int().min(1000).default(30_000),
  COMPANIES_HOUSE_API_KEY: z.string().optional(),
  COMPANIES_HOUSE_URL: optionalUrl,
  DEMO_DATA: z.enum(['true', 'false']).default('true'),
});

export type Env = z.infer<typeof schema>;

export interface Config {
  env: Env['NODE_ENV'];
  databaseUrl: string | undefined;
  dataDir: string;
  host: string;
  port: number;
  publicUrl: string;
  cookieSecure: boolean;
  allowedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  fxFeedUrl: string | undefined;
  fxFeedApiKey: string | undefined;
  marketPollMs: number;
  companiesHouseApiKey: string | undefined;
  companiesHouseUrl: string | undefined;
  demoData: boolean;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : e.NODE_ENV === 'production',
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    fxFeedUrl: e.FX_FEED_URL,
    fxFeedApiKey: e.FX_FEED_API_KEY,
    marketPollMs: e.MARKET_POLL_MS,
    companiesHouseApiKey: e.COMPANIES_HOUSE_API_KEY,
    companiesHouseUrl: e.COMPANIES_HOUSE_URL,
    demoData: e.DEMO_DATA === 'true',
  };
}

/** A config for tests: defaults plus overrides, never reading the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
}
