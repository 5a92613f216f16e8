import { ACCESS_MESSAGES } from '@pippitch/shared/access';

/**
 * Domain errors carry the exact text the user should read. They are mapped to tRPC codes once, in the
 * error formatter (trpc/init.ts), so services never import tRPC.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError('BAD_REQUEST', message, field);
export const unauthorized = (message: string = ACCESS_MESSAGES.signIn) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new AppError('CONFLICT', message, field);
export const tooManyRequests = (message: string) => new AppError('TOO_MANY_REQUESTS', message);
export const unavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);
