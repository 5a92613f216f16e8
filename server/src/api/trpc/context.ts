import type {} from '@fastify/cookie'; // its type augmentation: req.cookies, reply.setCookie
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, SESSION_COOKIE, type Viewer } from '@pippitch/core/auth';
import type { Config } from '@pippitch/core/config';
import type { Database } from '@pippitch/sql';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply } from 'fastify';
import type { ServerDeps } from '../../deps';
import { type RequestStages, stagesOf } from '../http/request-timing';

export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
  /** The device cookie (services/auth/device-cookie.ts): kept on sign-out, it is not a session. */
  setDevice(value: string): void;
}

export interface Context {
  db: Database;
  config: Config;
  deps: ServerDeps;
  viewer: Viewer | null;
  request: { ip: string; userAgent: string | undefined; deviceCookie: string | undefined };
  /** Present on HTTP requests; WebSocket messages cannot set cookies. */
  cookie: SessionCookie | null;
  /** Where the request's time goes (Server-Timing, the stage histogram): the procedure bases add to it. */
  timing: RequestStages;
}

export interface ContextDeps {
  db: Database;
  config: Config;
  deps: ServerDeps;
}

function cookieWriter(reply: FastifyReply, config: Config): SessionCookie {
  const base = { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure } as const;
  return {
    set: (token, expiresAt) => reply.setCookie(SESSION_COOKIE, token, { ...base, expires: expiresAt }),
    clear: () => reply.clearCookie(SESSION_COOKIE, base),
    // Strict: only PipPitch's own pages ever send it (sign-in is a same-site POST).
    setDevice: (value) =>
      reply.setCookie(DEVICE_COOKIE, value, {
        ...base,
        sameSite: 'strict',
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      }),
  };
}

export function contextFactory(deps: ContextDeps) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<Context> => {
    // Fastify's cookie plugin has parsed the header; reading it ourselves covers a request it did not see.
    const timing = stagesOf(req.raw);
    const started = performance.now();
    const token = req.cookies?.[SESSION_COOKIE] ?? readCookie(req.headers.cookie, SESSION_COOKIE);
    // Held in memory per process and dropped when the database announces a change (services/auth/session-cache.ts).
    const viewer = await deps.deps.sessionCache.resolve(token, deps.deps.now());
    timing.session += performance.now() - started;
    // Every procedure comes over HTTP (live quotes have their own socket, api/http/live-quotes.ts); a context made
    // without Fastify's reply gets no cookie writer rather than a broken one.
    const isHttp = typeof (res as FastifyReply).setCookie === 'function';
    return {
      ...deps,
      viewer,
      request: {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        deviceCookie: req.cookies?.[DEVICE_COOKIE] ?? readCookie(req.headers.cookie, DEVICE_COOKIE),
      },
      cookie: isHttp ? cookieWriter(res as FastifyReply, deps.config) : null,
      timing,
    };
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
