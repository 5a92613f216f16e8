/**
 * What the broker reads when Companies House fails. A rate limit is a domain error (AppError 429) the tRPC
 * formatter already shows as is; the other failures use CompaniesHouseError, whose message is equally meant for the
 * user (AppErrorCode has no 'service unavailable' code yet).
 */
import { tooManyRequests } from '../../../../errors';

export const RATE_LIMITED_MESSAGE = 'Companies House rate limit reached, please try again in a minute';
export const UNAVAILABLE_MESSAGE = 'Companies House is unavailable';
export const BAD_RESPONSE_MESSAGE = 'Companies House sent a response that could not be read';
export const BAD_KEY_MESSAGE = 'Companies House did not accept the API key; check COMPANIES_HOUSE_API_KEY';

export type CompaniesHouseFailure = 'unavailable' | 'bad-response' | 'bad-key';

export class CompaniesHouseError extends Error {
  constructor(
    readonly kind: CompaniesHouseFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CompaniesHouseError';
  }
}

export const rateLimited = () => tooManyRequests(RATE_LIMITED_MESSAGE);
export const unavailable = (cause?: unknown) => new CompaniesHouseError('unavailable', UNAVAILABLE_MESSAGE, { cause });
export const badResponse = (cause?: unknown) =>
  new CompaniesHouseError('bad-response', BAD_RESPONSE_MESSAGE, { cause });
export const badKey = () => new CompaniesHouseError('bad-key', BAD_KEY_MESSAGE);
