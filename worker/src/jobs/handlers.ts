/**
 * One handler per job in server/src/jobs/index.ts, each calling a service. This is the one place the worker
 * registers them; a job without a handler does not type check.
 */

import { type Jobs, jobs } from '@pippitch/server/jobs/index';
import { pruneRateLimits } from '@pippitch/server/services/auth/rate-limit';
import { pruneExpiredSessions } from '@pippitch/server/services/auth/sessions';
import type { Database } from '@pippitch/sql';
import { type JobHandler, type RegisteredJob, registerJob } from './handler';

export interface HandlerDeps {
  db: Database;
  log: (line: string) => void;
}

type Handlers = { [K in keyof Jobs]: JobHandler<Jobs[K]> };

export function createHandlers({ db }: HandlerDeps): Handlers {
  return {
    pruneExpiredSessions: () => pruneExpiredSessions(db),
    pruneRateLimits: () => pruneRateLimits(db),
  };
}

/** Every job with its handler, for the runner. */
export function productJobs(deps: HandlerDeps): RegisteredJob[] {
  const handlers = createHandlers(deps);
  return (Object.keys(jobs) as (keyof Jobs)[]).map((key) =>
    registerJob(jobs[key], handlers[key] as RegisteredJob['handler']),
  );
}
