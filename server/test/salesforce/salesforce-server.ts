/**
 * A local stand-in for Salesforce, for tests, the browser journeys and the benchmark: it speaks the protocol the
 * product uses — the OAuth 2 web-server flow with PKCE (authorize page, token endpoint with the authorization_code
 * and refresh_token grants, revoke), the identity URL, and the Chatter REST endpoint for feed elements — and checks
 * what real Salesforce checks: the client id and secret, the redirect URI, the PKCE verifier against the challenge
 * (S256), bearer tokens. Tests can expire access tokens (401 INVALID_SESSION_ID), revoke refresh tokens
 * (invalid_grant), and make the API answer REQUEST_LIMIT_EXCEEDED or 503. Only the far end is replaced.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const TEST_CLIENT_ID = '3MVG9pippitch.local.client';
export const TEST_CLIENT_SECRET = 'pippitch-local-secret';
export const TEST_ORG_ID = '00D5g000004pPipAAE';
export const TEST_USER_ID = '0055g00000PipPitAAA';
export const TEST_USERNAME = 'admin@pippitch-test.example';

export interface FeedPost {
  id: string;
  text: string;
  accessToken: string;
}

export interface LocalSalesforce {
  url: string;
  /** Every feed item posted, oldest first. */
  posts: FeedPost[];
  /** Authorize requests seen (their query parameters), for checking what the product asked for. */
  authorizeRequests: URLSearchParams[];
  /** Token requests by grant type. */
  tokenCalls: { grant: string; ok: boolean }[];
  /** Every access token issued so far stops working (the next API call answers 401). */
  expireAccessTokens(): void;
  /** Every refresh token stops working (the next refresh answers invalid_grant). */
  revokeRefreshTokens(): void;
  /** The next `n` feed posts fail with this answer. */
  failNextPosts(n: number, kind: 'rate_limit' | 'unavailable' | 'bad_request'): void;
  /**
   * Feed posts wait, unanswered, until `release()`: a test can hold one worker in the middle of its post while
   * another runs, whatever the machine's speed. `waiting()` counts the posts held so far.
   */
  holdPosts(): { waiting(): number; release(): void };
  /** Refresh and access tokens issued and still valid. */
  validAccessTokens(): string[];
  refreshTokensIssued(): string[];
  revokedRefreshTokens(): string[];
  close(): Promise<void>;
}

const token = () => randomBytes(24).toString('base64url');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function startLocalSalesforce(options: { port?: number } = {}): Promise<LocalSalesforce> {
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  const revokedRefresh = new Set<string>();
  const posts: FeedPost[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  const tokenCalls: { grant: string; ok: boolean }[] = [];
  let failures: { left: number; kind: 'rate_limit' | 'unavailable' | 'bad_request' } = { left: 0, kind: 'rate_limit' };
  let hold: { waiting: number; released: Promise<void> } | null = null;
  let base = '';

  const issueAccess = () => {
    const t = `00D!${token()}`;
    access.add(t);
    return t;
  };

  const bearer = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const t = header.startsWith('Bearer ') ? header.slice(7) : '';
    return access.has(t) ? t : null;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    try {
      if (url.pathname === '/services/oauth2/authorize' && req.method === 'GET') {
        authorizeRequests.push(url.searchParams);
        const q = url.searchParams;
        const problem =
          q.get('response_type') !== 'code'
            ? 'unsupported_response_type'
            : q.get('client_id') !== TEST_CLIENT_ID
              ? 'invalid_client_id'
              : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
                ? 'invalid_request'
                : !q.get('redirect_uri')
                  ? 'redirect_uri_mismatch'
                  : null;
        if (problem) return json(res, 400, { error: problem });
        // Salesforce's login and consent screens, reduced to one 'Allow' button.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const hidden = [...q.entries()]
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
          .join('');
        res.end(
          `<!doctype html><html lang="en"><head><title>Allow Access? | Salesforce (local test server)</title></head><body><main><h1>Allow Access?</h1><p>PipPitch is asking to: access and manage your data (api), perform requests at any time (refresh_token, offline_access).</p><form method="post" action="/services/oauth2/authorize">${hidden}<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Deny</button></form></main></body></html>`,
        );
        return;
      }
      if (url.pathname === '/services/oauth2/authorize' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const redirect = new URL(form.get('redirect_uri') ?? '');
        if (form.get('decision') !== 'allow') {
          redirect.searchParams.set('error', 'access_denied');
          redirect.searchParams.set('error_description', 'end-user denied authorization');
        } else {
          const code = `aPrx${token()}`;
          codes.set(code, {
            challenge: form.get('code_challenge') ?? '',
            redirectUri: redirect.toString(),
            used: false,
          });
          redirect.searchParams.set('code', code);
        }
        if (form.get('state')) redirect.searchParams.set('state', form.get('state') ?? '');
        res.writeHead(302, { location: redirect.toString() });
        res.end();
        return;
      }
      if (url.pathname === '/services/oauth2/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const grant = form.get('grant_type') ?? '';
        const fail = (error: string, description: string) => {
          tokenCalls.push({ grant, ok: false });
          json(res, 400, { error, error_description: description });
        };
        if (form.get('client_id') !== TEST_CLIENT_ID || form.get('client_secret') !== TEST_CLIENT_SECRET)
          return fail('invalid_client', 'invalid client credentials');
        const identity = `${base}/id/${TEST_ORG_ID}/${TEST_USER_ID}`;
        if (grant === 'authorization_code') {
          const code = codes.get(form.get('code') ?? '');
          if (!code || code.used) return fail('invalid_grant', 'invalid authorization code');
          code.used = true;
          if (form.get('redirect_uri') !== code.redirectUri.split('?')[0])
            return fail('redirect_uri_mismatch', 'redirect_uri must match configuration');
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
            return fail('invalid_grant', 'invalid code verifier');
          const refreshToken = `5Aep${token()}`;
          refresh.add(refreshToken);
          tokenCalls.push({ grant, ok: true });
          return json(res, 200, {
            access_token: issueAccess(),
            refresh_token: refreshToken,
            signature: token(),
            scope: 'refresh_token api',
            instance_url: base,
            id: identity,
            token_type: 'Bearer',
            issued_at: String(Date.now()),
          });
        }
        if (grant === 'refresh_token') {
          const rt = form.get('refresh_token') ?? '';
          if (!refresh.has(rt) || revokedRefresh.has(rt)) return fail('invalid_grant', 'expired access/refresh token');
          tokenCalls.push({ grant, ok: true });
          return json(res, 200, {
            access_token: issueAccess(),
            signature: token(),
            scope: 'refresh_token api',
            instance_url: base,
            id: identity,
            token_type: 'Bearer',
            issued_at: String(Date.now()),
          });
        }
        return fail('unsupported_grant_type', 'grant type not supported');
      }
      if (url.pathname === '/services/oauth2/revoke' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const t = form.get('token') ?? '';
        if (refresh.has(t)) revokedRefresh.add(t);
        else access.delete(t);
        res.writeHead(200);
        res.end();
        return;
      }
      if (url.pathname.startsWith('/id/') && req.method === 'GET') {
        if (!bearer(req)) return json(res, 403, 'Bad_OAuth_Token');
        return json(res, 200, {
          id: `${base}${url.pathname}`,
          user_id: TEST_USER_ID,
          organization_id: TEST_ORG_ID,
          username: TEST_USERNAME,
          display_name: 'Test Admin',
          active: true,
        });
      }
      if (/^\/services\/data\/v\d+\.\d\/chatter\/feed-elements$/.test(url.pathname) && req.method === 'POST') {
        const accessToken = bearer(req);
        if (!accessToken)
          return json(res, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
        if (hold) {
          hold.waiting++;
          await hold.released;
        }
        if (failures.left > 0) {
          failures.left--;
          if (failures.kind === 'rate_limit')
            return json(res, 403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
          if (failures.kind === 'unavailable')
            return json(res, 503, [{ message: 'Service unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
          return json(res, 400, [{ message: 'Invalid body', errorCode: 'JSON_PARSER_ERROR' }]);
        }
        const body = JSON.parse(await readBody(req)) as {
          body?: { messageSegments?: { type: string; text: string }[] };
          feedElementType?: string;
          subjectId?: string;
        };
        const text = (body.body?.messageSegments ?? []).map((s) => s.text).join('');
        if (body.feedElementType !== 'FeedItem' || !body.subjectId || text.length === 0)
          return json(res, 400, [{ message: 'Missing required field', errorCode: 'INVALID_API_INPUT' }]);
        if (text.length > 10_000)
          return json(res, 400, [{ message: 'Message body exceeds 10000 characters', errorCode: 'INVALID_API_INPUT' }]);
        const id = `0D5${randomBytes(6).toString('hex').toUpperCase()}`;
        posts.push({ id, text, accessToken });
        return json(res, 201, { id, feedElementType: 'FeedItem', body: { text } });
      }
      json(res, 404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
    } catch (err) {
      json(res, 500, [{ message: (err as Error).message, errorCode: 'UNKNOWN_EXCEPTION' }]);
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: base,
    posts,
    authorizeRequests,
    tokenCalls,
    expireAccessTokens: () => access.clear(),
    revokeRefreshTokens: () => {
      for (const t of refresh) revokedRefresh.add(t);
    },
    failNextPosts: (n, kind) => {
      failures = { left: n, kind };
    },
    holdPosts: () => {
      let release = () => {};
      const released = new Promise<void>((done) => {
        release = done;
      });
      const held = { waiting: 0, released };
      hold = held;
      return {
        waiting: () => held.waiting,
        release: () => {
          hold = null;
          release();
        },
      };
    },
    validAccessTokens: () => [...access],
    refreshTokensIssued: () => [...refresh],
    revokedRefreshTokens: () => [...revokedRefresh],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
