import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import type { Config } from '@pippitch/core/config';
import { isDatabaseUnavailable } from '@pippitch/core/database-outage';
import { AppError } from '@pippitch/core/errors';
import { MAX_BATCH_CALLS } from '@pippitch/shared/api-limits';
import type { Database } from '@pippitch/sql';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildServerDeps, type ServerDeps } from '../deps';
import { registerActivityExport } from './http/activity-export';
import { registerBillingWebhook } from './http/billing-webhook';
import { isClientAbort } from './http/client-abort';
import { registerClientConcurrency } from './http/client-concurrency';
import { registerCsrfGuard } from './http/csrf';
import { registerEmailPreview } from './http/email-preview';
import { registerErrorHandler } from './http/error-handler';
import { registerExportLogCsv } from './http/export-log';
import { registerLiveQuotes } from './http/live-quotes';
import { type LogTarget, loggerOptions } from './http/logging';
import { registerMarginClientsExport } from './http/margin-clients-export';
import { registerMarginDeskLive } from './http/margin-desk-live';
import { registerOps } from './http/ops';
import { registerPackRoutes } from './http/packs';
import { registerReportPdf } from './http/report-pdf';
import { registerRequestTiming } from './http/request-timing';
import { registerSecurityHeaders } from './http/security-headers';
import { registerPlainNotFound, registerWebApp } from './http/static';
import { contextFactory } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/router';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Collaborators to use instead of the defaults (tests: a clock, a hub, no series cache, …). */
  deps?: Partial<ServerDeps>;
  /** Serve web/dist (off in API-only tests). */
  serveWeb?: boolean;
  /** Logs: 'default' (JSON in production, readable in development, none in tests), off, or a stream. */
  logger?: LogTarget;
}

/** Trusts the `hops` addresses nearest the server (hop 0 is the socket's peer). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole HTTP + WebSocket app without listening, so tests can use it in-process. */
export async function buildApp(options: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.config, options.logger ?? 'default'),
    // Unique across server processes, so a log line can be matched to the request a user reports.
    genReqId: () => randomUUID(),
    // Only the configured proxies may say who the client is: req.ip (which keys every per-IP limit) and
    // req.host (which the CSRF guard compares) come from X-Forwarded-* only when the hop is trusted.
    // (A hop count is given as a function: Fastify's types do not list the number it accepts.)
    trustProxy:
      typeof options.config.trustProxy === 'number' ? trustHops(options.config.trustProxy) : options.config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1_048_576,
    // A client has 30 s to send its whole request (Node's default is 5 minutes): a trickling client cannot hold a
    // socket and a request slot for long. Time spent in handlers is bounded by the pools' timeouts instead.
    requestTimeout: 30_000,
  });
  const built = buildServerDeps(options.config, options.db, options.deps ?? {}, (line, level = 'info') =>
    app.log[level](line),
  );
  const deps = built.deps;

  await registerSecurityHeaders(app, options.config);
  registerErrorHandler(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerRequestTiming(app, { header: options.config.env !== 'production' });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1_048_576 } });
  registerCsrfGuard(app, options.config.allowedOrigins);
  registerClientConcurrency(app);

  app.get('/api/health', async () => {
    await options.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return { ok: true };
  });
  registerOps(app, { db: options.db, config: options.config });

  // The activity CSV: a file download, streamed (not tRPC, which answers JSON).
  registerActivityExport(app, { db: options.db, deps });
  registerMarginClientsExport(app, { db: options.db, deps });
  registerExportLogCsv(app, { db: options.db, deps });
  registerReportPdf(app, { db: options.db, deps });
  registerPackRoutes(app, { db: options.db, deps });

  // Live quotes: one WebSocket route of their own, one frame per batch for every socket (not a tRPC subscription).
  registerLiveQuotes(app, { db: options.db, deps });
  // The margin desk's changes, per company, on a socket of its own (issue 32 §3: the admins' badge, live).
  registerMarginDeskLive(app, { db: options.db, deps });

  registerEmailPreview(app, { db: options.db, config: options.config, deps });
  if (deps.payments?.kind === 'stripe') {
    await registerBillingWebhook(app, {
      db: options.db,
      deps,
      provider: deps.payments,
      appUrl: options.config.publicUrl,
    });
  }

  // tRPC answers go compressed when the browser accepts it (issue 13 §5: at least those over 1 KB; the adapter
  // streams its answers, so their size is not known in advance and small ones are compressed too, at little cost).
  // In a scope of their own, so files (precompressed at build), pages and CSV streams are left as they are.
  // Brotli at quality 4: near gzip's speed, smaller output.
  await app.register(async (scope) => {
    await scope.register(fastifyCompress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        // One request, a few calls: a batch beyond this is refused whole with 400 (init.ts words it).
        maxBatchSize: MAX_BATCH_CALLS,
        createContext: contextFactory({ db: options.db, config: options.config, deps }),
        // Logged with the request's id (never its input: it may hold a password or token). An outage is
        // answered 503 by the error formatter and logged as such.
        onError({ error, path, req }) {
          if (error.code !== 'INTERNAL_SERVER_ERROR' || error.cause instanceof AppError) return;
          const err = error.cause ?? error;
          if (isClientAbort(err, req)) req.log.debug({ err, path }, 'client went away');
          else if (isDatabaseUnavailable(err)) req.log.warn({ err, path }, 'database unavailable');
          else req.log.error({ err, path }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  app.addHook('onClose', () => built.stop());
  if (options.serveWeb !== false)
    await registerWebApp(app, undefined, options.config.publicUrl, options.config.operator);
  else registerPlainNotFound(app);
  return app;
}
