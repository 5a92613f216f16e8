import { describe, expect, it } from 'vitest';
import {
  feedItemBody,
  oauthFailure,
  readIdentity,
  readTokenResponse,
  restFailure,
} from '../../core/src/providers/crm/salesforce/transform';
import { CrmRejected, CrmRevoked, CrmSessionExpired, CrmTemporaryFailure } from '../../core/src/providers/crm/types';

// Salesforce's answers as its documentation shows them (OAuth 2.0 web server flow, REST API error responses).

describe('Salesforce payloads', () => {
  it('reads a token response and the identity', () => {
    const token = readTokenResponse({
      access_token:
        '00Dxx0000001gPL!AR8AQJXg5oj8jXSgxJfA0lBog.39AsX.LVpxezPwuX5VAIrrbbHMuol7GQxnMeYMN7cj8EoWr78nt1u44zU31IbYNNJguseu',
      refresh_token: '5Aep861TSESvWeug_xvFHRBTTbf_YrTWgEyjBJrf8Dvz6N3o',
      signature: 'CMJ4l+CCaPQiKjoOEwEig9H4wqhpuLSk4J2urAe+fVg=',
      scope: 'refresh_token api',
      instance_url: 'https://yourInstance.salesforce.com',
      id: 'https://login.salesforce.com/id/00Dxx0000001gPLEAY/005xx000001SwiUAAS',
      token_type: 'Bearer',
      issued_at: '1278448101416',
    });
    expect(token.instance_url).toBe('https://yourInstance.salesforce.com');
    expect(token.refresh_token).toBe('5Aep861TSESvWeug_xvFHRBTTbf_YrTWgEyjBJrf8Dvz6N3o');
    expect(
      readIdentity({
        id: 'https://login.salesforce.com/id/00Dxx0000001gPLEAY/005xx000001SwiUAAS',
        user_id: '005xx000001SwiUAAS',
        organization_id: '00Dxx0000001gPLEAY',
        username: 'user@example.com',
        display_name: 'Alan Van',
      }),
    ).toEqual({ userId: '005xx000001SwiUAAS', orgId: '00Dxx0000001gPLEAY', username: 'user@example.com' });
    expect(() => readTokenResponse({ error: 'nope' })).toThrow(CrmRejected);
  });

  it('tells an expired session, a rate limit, an outage and a refusal apart', () => {
    expect(
      restFailure(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]),
    ).toBeInstanceOf(CrmSessionExpired);
    expect(
      restFailure(403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]),
    ).toBeInstanceOf(CrmTemporaryFailure);
    expect(restFailure(503, null)).toBeInstanceOf(CrmTemporaryFailure);
    expect(restFailure(400, [{ message: 'bad', errorCode: 'INVALID_FIELD' }]).message).toContain('INVALID_FIELD: bad');
    expect(
      oauthFailure(400, { error: 'invalid_grant', error_description: 'expired access/refresh token' }),
    ).toBeInstanceOf(CrmRevoked);
    expect(oauthFailure(400, { error: 'invalid_client' })).toBeInstanceOf(CrmRejected);
    expect(oauthFailure(502, null)).toBeInstanceOf(CrmTemporaryFailure);
  });

  it('writes a Chatter feed item on the user’s own feed', () => {
    expect(feedItemBody('hello')).toEqual({
      body: { messageSegments: [{ type: 'Text', text: 'hello' }] },
      feedElementType: 'FeedItem',
      subjectId: 'me',
    });
  });
});
