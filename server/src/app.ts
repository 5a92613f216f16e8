import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import type { Database } from '@pippitch/sql';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { registerCsrfGuard } from './http/csrf';
import { registerWebApp } from './http/static';
import { SessionWatch } from './services/auth/session-watch';
import { createCompanyFinder } from './services/companies/index';
import { defaultServices, type Services } from './services/registry';
import { contextFactory } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/router';

export interface AppDeps {
  config: Config;
  db: Database;
  services?: Services;
  /** Serve web/dist (off in API-only tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the whole HTTP + WebSocket app without listening, so tests can use it in-process. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ? { level: 'info' } : false,
    trustProxy: deps.config.env === 'production',
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1_048_576,
  });
  const services: Services = {
    ...defaultServices(),
    sessions: new SessionWatch(deps.db),
    finder: createCompanyFinder(
      { companiesHouseApiKey: deps.config.companiesHouseApiKey, companiesHouseUrl: deps.config.companiesHouseUrl },
      deps.db,
    ),
    ...deps.services,
  };

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1_048_576 } });
  registerCsrfGuard(app, deps.config.allowedOrigins);

  app.get('/api/health', async () => {
    await deps.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return { ok: true };
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory({ db: deps.db, config: deps.config, services }),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  app.addHook('onClose', async () => services.sessions?.stop());
  if (deps.serveWeb !== false) await registerWebApp(app);
  return app;
}
