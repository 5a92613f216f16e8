import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '@pippitch/core/database-outage';
import { AppError } from '@pippitch/core/errors';
import { API_LIMIT_MESSAGES } from '@pippitch/shared/api-limits';
import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError, z } from 'zod';
import type { Context } from './context';

const GENERIC = 'Something went wrong. Please try again.';

/**
 * The one place errors become what the browser reads: zod failures carry the first issue's message plus
 * field errors; domain errors (AppError) keep their text; anything else is logged and shown generically.
 */
export const t = initTRPC.context<Context>().create({
  // Never a stack in an answer (the formatter drops it in every branch). Outside production tRPC would still read
  // each error's stack to put it there, and under source maps that read cost ~0.3 ms: a sign-in flood's refusals
  // spent most of their time on it (issue 30 §3).
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof ZodError) {
      return {
        ...shape,
        message: cause.issues[0]?.message ?? 'Invalid input',
        data: { ...shape.data, fieldErrors: z.flattenError(cause).fieldErrors, stack: undefined },
      };
    }
    if (cause instanceof AppError) {
      // Its own code also where tRPC could not map it first (an error thrown outside a procedure's result, which
      // mapDomainErrors never sees, reaches here as INTERNAL_SERVER_ERROR).
      const code = cause.code;
      const httpStatus = getHTTPStatusCodeFromError(new TRPCError({ code }));
      const data = { ...shape.data, code, httpStatus, field: cause.field, stack: undefined };
      return { ...shape, code: TRPC_ERROR_CODES_BY_KEY[code], message: cause.message, data };
    }
    // A database outage, wherever it struck (the session lookup in the context, a procedure): 503, no internals.
    if (error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(cause)) {
      const data = { ...shape.data, code: 'SERVICE_UNAVAILABLE' as const, httpStatus: 503, stack: undefined };
      return { ...shape, message: DATABASE_UNAVAILABLE_MESSAGE, data };
    }
    // tRPC's own words for a batch over maxBatchSize name no limit; ours say what to do.
    if (error.code === 'BAD_REQUEST' && error.message === 'Batch call exceeds maximum size') {
      return { ...shape, message: API_LIMIT_MESSAGES.batchTooLarge, data: { ...shape.data, stack: undefined } };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: GENERIC, data: { ...shape.data, stack: undefined } };
    }
    return { ...shape, data: { ...shape.data, stack: undefined } };
  },
});

/** Turns a domain error thrown by a service into the matching tRPC error code. */
export const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});
