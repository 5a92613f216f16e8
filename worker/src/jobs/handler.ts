/** The shape of a job handler, and a definition paired with its handler (what the runner works). */
import type { JobDefinition, PayloadSchema, z } from '@pippitch/core/jobs';

export interface JobRun {
  id: string;
  name: string;
  /** No retry follows if this attempt fails (its retry limit is reached). */
  lastAttempt: boolean;
}

/**
 * Runs one job with its parsed payload. Jobs are delivered at least once (a retry after a crash or a timeout
 * runs the job again), so a handler must be safe to repeat: check before acting, write idempotently.
 */
export type JobHandler<D extends JobDefinition> =
  D extends JobDefinition<infer S> ? (payload: z.output<S>, job: JobRun) => Promise<unknown> : never;

export interface RegisteredJob<S extends PayloadSchema = PayloadSchema> {
  definition: JobDefinition<S>;
  handler: (payload: z.output<S>, job: JobRun) => Promise<unknown>;
}

/** Pairs a definition with its handler, checking the payload types meet. */
export function registerJob<S extends PayloadSchema>(
  definition: JobDefinition<S>,
  handler: (payload: z.output<S>, job: JobRun) => Promise<unknown>,
): RegisteredJob {
  // The runner parses each payload with this definition's own schema before calling this handler, so the
  // handler only ever sees its own payload type; the list of jobs is typed by the common base.
  return { definition, handler: handler as RegisteredJob['handler'] } as RegisteredJob;
}
