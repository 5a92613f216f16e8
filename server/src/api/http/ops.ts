import { timingSafeEqual } from 'node:crypto';
import type { Config } from '@pippitch/core/config';
import { checkReadiness } from '@pippitch/core/ops';
import { metricsFigures } from '@pippitch/core/ops-figures';
import type { Database } from '@pippitch/sql';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { finishedStages, STAGES } from './request-timing';

// Operations endpoints (issue 23): readiness beside /api/health (liveness), and Prometheus metrics. /metrics is
// served only with METRICS_TOKEN set, to callers presenting it as a bearer token: it reveals traffic and queue
// sizes, so it is never public. Readiness's details follow the same token.

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time); never without a token. */
function presentsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerOps(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  // Probes call it every few seconds: only failures are worth a log line. Anyone may ask, so an anonymous caller
  // gets the status code and one word (issue 30: the checks named the latest migration, the workers, the feed,
  // the jobs due and database errors); the checks come only with the metrics token, and a 503's reasons go to the
  // log, where the operator reads them without one.
  app.get('/api/ready', { logLevel: 'warn' }, async (req, reply) => {
    const result = await checkReadiness(deps.db, { pollMs: deps.config.marketPollMs });
    reply.header('cache-control', 'no-store').code(result.ready ? 200 : 503);
    if (!result.ready) req.log.warn({ checks: result.checks }, 'not ready');
    if (presentsToken(req.headers.authorization, deps.config.metricsToken)) return reply.send(result);
    return reply.type('text/plain; charset=utf-8').send(result.ready ? 'ready\n' : 'unavailable\n');
  });

  const token = deps.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'pippitch_http_requests_total',
    help: 'HTTP requests answered, by method, route and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'pippitch_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Where API requests' time goes (issue 35; api/http/request-timing.ts): one series per stage, not per procedure.
  const stageLatency = new Histogram({
    name: 'pippitch_api_request_stage_seconds',
    help: 'Time API requests spend in each stage: session, access, procedure, serialisation',
    labelNames: ['stage'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL (ids and tokens would make a series each).
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    const stages = finishedStages(req.raw);
    if (stages) for (const stage of STAGES) stageLatency.observe({ stage }, stages[stage] / 1000);
  });
  new Gauge({
    name: 'pippitch_websocket_clients',
    help: 'Live-quote WebSocket clients connected to this server',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  const depth = new Gauge({
    name: 'pippitch_job_queue_depth',
    help: 'Jobs waiting or running, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const age = new Gauge({
    name: 'pippitch_job_oldest_due_seconds',
    help: 'How long the oldest due job of each queue has waited',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const feedLag = new Gauge({
    name: 'pippitch_feed_lag_seconds',
    help: 'Seconds since the last successful feed poll',
    labelNames: ['feed'] as const,
    registers: [registry],
  });
  const workers = new Gauge({
    name: 'pippitch_workers_alive',
    help: 'Workers that beat within the last minute',
    registers: [registry],
  });

  /** Database-backed figures, read at scrape time (the scrape interval is the sampling rate). */
  async function collectFromDatabase(): Promise<void> {
    const figures = await metricsFigures(deps.db);
    const oldest = new Map<string, number>();
    depth.reset();
    age.reset();
    for (const q of figures.queues) {
      depth.set({ queue: q.queue, state: q.state }, q.jobs);
      if (q.state !== 'active') oldest.set(q.queue, Math.max(oldest.get(q.queue) ?? 0, q.oldestDueSeconds ?? 0));
    }
    for (const [queue, seconds] of oldest) age.set({ queue }, seconds);
    feedLag.reset();
    for (const f of figures.feedLags) if (f.lagSeconds !== null) feedLag.set({ feed: f.feed }, f.lagSeconds);
    workers.set(figures.workersAlive);
  }

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (!presentsToken(req.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('metrics need the bearer token\n');
    }
    await collectFromDatabase().catch((err: Error) => req.log.warn({ err }, 'metrics: database figures unavailable'));
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
