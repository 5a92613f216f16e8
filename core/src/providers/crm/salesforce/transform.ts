/**
 * Salesforce's answers, read into our types — the one place that knows their shapes (OAuth token responses,
 * the identity URL, REST error arrays). Tested in server/test/salesforce-transform.test.ts.
 */
import { z } from 'zod';
import { CrmRejected, CrmRevoked, CrmSessionExpired, CrmTemporaryFailure } from '../types';

// POST /services/oauth2/token: access_token, instance_url, id (the identity URL), token_type, issued_at,
// signature, scope; refresh_token only on the authorization_code grant.
const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.string().url(),
  id: z.string().url(),
});

export function readTokenResponse(body: unknown): z.infer<typeof tokenResponse> {
  const parsed = tokenResponse.safeParse(body);
  if (!parsed.success) throw new CrmRejected('unexpected token response');
  return parsed.data;
}

// GET {id}: the identity service (user_id, organization_id, username, display_name, ...).
const identity = z.object({ user_id: z.string(), organization_id: z.string(), username: z.string() });

export function readIdentity(body: unknown): { userId: string; orgId: string; username: string } {
  const parsed = identity.safeParse(body);
  if (!parsed.success) throw new CrmRejected('unexpected identity response');
  return { userId: parsed.data.user_id, orgId: parsed.data.organization_id, username: parsed.data.username };
}

// POST /services/data/vXX.X/chatter/feed-elements answers 201 with the feed element (id, ...).
const feedElement = z.object({ id: z.string().min(1) });

export function readFeedElement(body: unknown): string {
  const parsed = feedElement.safeParse(body);
  if (!parsed.success) throw new CrmRejected('unexpected feed element response');
  return parsed.data.id;
}

// REST errors: [{ message, errorCode }]; OAuth errors: { error, error_description }.
const restErrors = z.array(z.object({ errorCode: z.string(), message: z.string().optional() }));
const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

/** The error a failed REST call means for us (callers retry, refresh, or give up accordingly). */
export function restFailure(status: number, body: unknown): Error {
  const errors = restErrors.safeParse(body);
  const first = errors.success ? errors.data[0] : undefined;
  const code = first?.errorCode ?? `HTTP ${status}`;
  if (status === 401 || code === 'INVALID_SESSION_ID') return new CrmSessionExpired();
  if (code === 'REQUEST_LIMIT_EXCEEDED' || status === 429 || status >= 500) {
    return new CrmTemporaryFailure(first?.message ? `${code}: ${first.message}` : code);
  }
  return new CrmRejected(first?.message ? `${code}: ${first.message}` : code);
}

/** The error a failed token call means: invalid_grant is a dead refresh token (or code); 5xx is temporary. */
export function oauthFailure(status: number, body: unknown): Error {
  const parsed = oauthError.safeParse(body);
  const code = parsed.success ? parsed.data.error : `HTTP ${status}`;
  if (status >= 500) return new CrmTemporaryFailure(code);
  if (code === 'invalid_grant') return new CrmRevoked(parsed.success ? (parsed.data.error_description ?? code) : code);
  return new CrmRejected(code);
}

/** The Chatter feed item body for one post of plain text. */
export function feedItemBody(text: string) {
  return {
    body: { messageSegments: [{ type: 'Text', text }] },
    feedElementType: 'FeedItem',
    subjectId: 'me',
  };
}
