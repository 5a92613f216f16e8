/**
 * The only place that reads process.env. Everything else receives a Config.
 * Unset keys select the embedded defaults of design.md §2.
 */

import {
  type OperatorDetails,
  operatorFromEnv,
  operatorMissingMessage,
  SAMPLE_OPERATOR,
} from '@pippitch/shared/operator';
import { z } from 'zod';
import { createProcessLog } from './services/ops/log';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

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
  /** Production without SMTP_URL must say so: no e-mail is sent, and the pages that would promise one say that. */
  EMAIL_DISABLED: z.enum(['true', 'false']).optional(),
  MAIL_FROM: z.string().default('PipPitch <no-reply@pippitch.local>'),
  FX_FEED_URL: optionalUrl,
  FX_FEED_API_KEY: z.string().optional(),
  MARKET_POLL_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * On SIGTERM, how long requests in flight may take before their connections are cut (7 s, so the process is gone
   * within Docker's 10 s stop timeout).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(7_000),
  /** How long a starting process tries a database it cannot reach yet, with backoff, before exit 1 (issue 33). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Serves Prometheus metrics at /metrics to callers sending `Authorization: Bearer <token>`; unset: no /metrics. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 16)').optional())
    .optional(),
  /**
   * Where real minute history comes from (issue 21): `dukascopy` (free, no key; the default), `tradermade` (the
   * feed's own timeseries; the default with FX_FEED_URL and FX_FEED_API_KEY) or `bundled` (offline: the simulated set).
   */
  HISTORY_PROVIDER: z.enum(['dukascopy', 'tradermade', 'bundled']).optional(),
  /** Dukascopy's datafeed root (tests: a local server). */
  DUKASCOPY_URL: optionalUrl,
  /** Where the ECB's daily and 90-day reference-rate XML files are (the folder; tests: a local server). */
  ECB_RATES_URL: optionalUrl,
  COMPANIES_HOUSE_API_KEY: z.string().optional(),
  COMPANIES_HOUSE_URL: optionalUrl,
  /** Stripe (payments). Unset: the built-in test-mode checkout, never available in production. */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** Another Stripe API host (tests: the local Stripe server). */
  STRIPE_API_URL: optionalUrl,
  /** Salesforce (CRM export). Unset: not connectable; every export is kept in the export log. */
  SALESFORCE_CLIENT_ID: z.string().trim().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().trim().optional(),
  /** The OAuth host: production by default; a sandbox (https://test.salesforce.com) or the tests' server. */
  SALESFORCE_LOGIN_URL: optionalUrl,
  /**
   * 32 bytes, base64: encrypts secrets at rest (Salesforce tokens). Required in production with Salesforce;
   * elsewhere a key is generated once into DATA_DIR.
   */
  SECRETS_KEY: z.string().trim().optional(),
  /**
   * The key SECRETS_KEY replaces, during a rotation only: values sealed with it still open, new ones are sealed
   * with SECRETS_KEY, and `pnpm secrets:rotate` reseals the rest (docs/operations.md, rotate secrets).
   */
  SECRETS_KEY_PREVIOUS: z.string().trim().optional(),
  /** The demo company with its published password: on by default outside production only. */
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  /**
   * Which proxies in front of the server may set X-Forwarded-For/-Host/-Proto: a hop count (`1` for one
   * load balancer) or a comma-separated list of addresses and CIDR ranges. Unset: none, so the client
   * address is the socket's and a forged header changes nothing.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
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
  /** No SMTP and EMAIL_DISABLED=true: e-mails are kept in the outbox only, and users are told none is sent. */
  emailDisabled: boolean;
  mailFrom: string;
  fxFeedUrl: string | undefined;
  fxFeedApiKey: string | undefined;
  marketPollMs: number;
  shutdownGraceMs: number;
  /** DATABASE_WAIT_SECONDS in ms. */
  databaseWaitMs: number;
  metricsToken: string | undefined;
  /** The history provider and where it is (market/history/provider.ts). */
  history: { provider: 'dukascopy' | 'tradermade' | 'bundled'; dukascopyUrl: string | undefined };
  /** The folder holding eurofxref-daily.xml and eurofxref-hist-90d.xml. */
  ecbRatesUrl: string;
  companiesHouseApiKey: string | undefined;
  companiesHouseUrl: string | undefined;
  demoData: boolean;
  trustProxy: TrustProxy;
  /** Set when a Salesforce connected app is configured (id and secret). */
  salesforce: { clientId: string; clientSecret: string; loginUrl: string } | undefined;
  /** SECRETS_KEY decoded; undefined outside production when unset (services/salesforce/secrets-key.ts makes one). */
  secretsKey: Buffer | undefined;
  /** SECRETS_KEY_PREVIOUS decoded: opens what the old key sealed until `pnpm secrets:rotate` has run. */
  secretsKeyPrevious: Buffer | undefined;
  /** Set when Stripe is configured (both keys). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** Who operates the site (OPERATOR_*): required in production; the marked sample elsewhere (issue 22 §4). */
  operator: OperatorDetails;
}

export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  // Empty is unset: compose passes `${SMTP_URL:-}` and the like as '', and an empty EMAIL_DISABLED refused the start.
  const source = Object.fromEntries(Object.entries(given).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both (Stripe) or neither (test mode)',
    );
  }
  if (Boolean(e.SALESFORCE_CLIENT_ID) !== Boolean(e.SALESFORCE_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET go together: set both or neither',
    );
  }
  // A feed URL without its key used to fall back to the simulated feed without a word (issue 21 §4).
  if (Boolean(e.FX_FEED_URL) !== Boolean(e.FX_FEED_API_KEY?.trim())) {
    throw new Error(
      e.FX_FEED_URL
        ? 'Invalid configuration: FX_FEED_URL is set but FX_FEED_API_KEY is not; set both for the vendor feed, or neither for the simulated feed'
        : 'Invalid configuration: FX_FEED_API_KEY is set but FX_FEED_URL is not; set both for the vendor feed, or neither for the simulated feed',
    );
  }
  if (e.HISTORY_PROVIDER === 'tradermade' && !e.FX_FEED_URL) {
    throw new Error('Invalid configuration: HISTORY_PROVIDER=tradermade needs FX_FEED_URL and FX_FEED_API_KEY');
  }
  const secretsKey = e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : undefined;
  if (secretsKey && secretsKey.length !== 32) {
    throw new Error('Invalid configuration:\n  SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  const secretsKeyPrevious = e.SECRETS_KEY_PREVIOUS ? Buffer.from(e.SECRETS_KEY_PREVIOUS, 'base64') : undefined;
  if (secretsKeyPrevious && secretsKeyPrevious.length !== 32) {
    throw new Error('Invalid configuration:\n  SECRETS_KEY_PREVIOUS must be 32 bytes in base64, as SECRETS_KEY');
  }
  // The previous key only makes sense beside the one that replaced it: alone it would seal nothing new.
  if (secretsKeyPrevious && !secretsKey) {
    throw new Error('Invalid configuration:\n  SECRETS_KEY_PREVIOUS is set without SECRETS_KEY (the new key)');
  }
  if (!secretsKey && e.NODE_ENV === 'production' && e.SALESFORCE_CLIENT_ID) {
    throw new Error(
      'Invalid configuration:\n  SECRETS_KEY is required in production with Salesforce (openssl rand -base64 32)',
    );
  }
  // The legal pages name the operator: a production server never starts without them (one line, every name missing).
  const operator = operatorFromEnv(source);
  if (e.NODE_ENV === 'production' && !operator.details) throw new Error(operatorMissingMessage(operator.missing));
  // Production never guesses where it is or pretends to send e-mail (issue 23).
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration: PUBLIC_URL is required in production (the https address people use: e-mail links, OAuth callbacks)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.EMAIL_DISABLED !== 'true') {
    throw new Error(
      'Invalid configuration: production needs SMTP_URL to send e-mail, or EMAIL_DISABLED=true to run without it (users are then told no e-mail is sent)',
    );
  }
  return {
    operator: operator.details ?? SAMPLE_OPERATOR,
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
    emailDisabled: !e.SMTP_URL && e.EMAIL_DISABLED === 'true',
    mailFrom: e.MAIL_FROM,
    fxFeedUrl: e.FX_FEED_URL,
    fxFeedApiKey: e.FX_FEED_API_KEY,
    marketPollMs: e.MARKET_POLL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    history: {
      // Tests never reach out by default; everyone else gets real data where the network allows.
      provider:
        e.HISTORY_PROVIDER ??
        (e.NODE_ENV === 'test' ? 'bundled' : e.FX_FEED_URL && e.FX_FEED_API_KEY ? 'tradermade' : 'dukascopy'),
      dukascopyUrl: e.DUKASCOPY_URL,
    },
    ecbRatesUrl: (e.ECB_RATES_URL ?? 'https://www.ecb.europa.eu/stats/eurofxref/').replace(/\/?$/, '/'),
    companiesHouseApiKey: e.COMPANIES_HOUSE_API_KEY,
    companiesHouseUrl: e.COMPANIES_HOUSE_URL,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    salesforce:
      e.SALESFORCE_CLIENT_ID && e.SALESFORCE_CLIENT_SECRET
        ? {
            clientId: e.SALESFORCE_CLIENT_ID,
            clientSecret: e.SALESFORCE_CLIENT_SECRET,
            loginUrl: (e.SALESFORCE_LOGIN_URL ?? 'https://login.salesforce.com').replace(/\/$/, ''),
          }
        : undefined,
    secretsKey,
    secretsKeyPrevious,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
  };
}

/**
 * loadConfig at a process's start: an invalid configuration ends the process (exit 1) with its message alone, one
 * line, no stack trace: a JSON line at level 50 in production (as every log line there), the plain line elsewhere.
 */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env, name?: string): Config {
  try {
    return loadConfig(source);
  } catch (err) {
    // One line, no stack: what is wrong and what to set.
    const line = oneLine(err instanceof Error ? err.message : String(err));
    if (source.NODE_ENV === 'production') createProcessLog(name ?? 'pippitch', 'production').error(line);
    else console.error(line);
    process.exit(1);
  }
}

/** 'Invalid configuration:\n  A: …\n  B: …' as 'Invalid configuration: A: …; B: …'. */
export function oneLine(message: string): string {
  const [head = '', ...rest] = message.split('\n').map((l) => l.trim());
  const items = rest.filter(Boolean);
  return items.length ? `${head.replace(/:$/, '')}: ${items.join('; ')}` : head;
}

/** A config for tests: defaults plus overrides, never reading the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // A fixed key for tests only (never production: loadConfig refuses production without SECRETS_KEY).
  return { ...loadConfig({ NODE_ENV: 'test' }), secretsKey: Buffer.alloc(32, 7), ...overrides };
}

/**
 * The environment for a child process the launcher starts (server, worker): this process's own, with `extra` on
 * top. Here because this file is the one place that reads the environment (lint: style/noProcessEnv).
 */
export function childEnvironment(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
