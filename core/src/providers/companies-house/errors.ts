/**
 * What the broker reads when Companies House fails. Every failure is a domain error (AppError), so the tRPC error
 * formatter shows its message as is: a rate limit is 429; the others are CompaniesHouseError, a 503 that also
 * says which kind of failure it was.
 */
import { AppError, tooManyRequests } from '../../errors';

export const RATE_LIMITED_MESSAGE = 'Companies House rate limit reached, please try again in a minute';
export const UNAVAILABLE_MESSAGE = 'Companies House is unavailable';
export const BAD_RESPONSE_MESSAGE = 'Companies House sent a response that could not be read';
export const BAD_KEY_MESSAGE = 'Companies House did not accept the API key; check COMPANIES_HOUSE_API_KEY';

export type CompaniesHouseFailure = 'unavailable' | 'bad-response' | 'bad-key';

export class CompaniesHouseError extends AppError {
  constructor(
    readonly kind: CompaniesHouseFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('SERVICE_UNAVAILABLE', message);
    if (options?.cause !== undefined) this.cause = options.cause;
    this.name = 'CompaniesHouseError';
  }
}

export const rateLimited = () => tooManyRequests(RATE_LIMITED_MESSAGE);
export const unavailable = (cause?: unknown) => new CompaniesHouseError('unavailable', UNAVAILABLE_MESSAGE, { cause });
export const badResponse = (cause?: unknown) =>
  new CompaniesHouseError('bad-response', BAD_RESPONSE_MESSAGE, { cause });
export const badKey = () => new CompaniesHouseError('bad-key', BAD_KEY_MESSAGE);
