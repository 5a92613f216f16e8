/**
 * The shape of a log line everywhere outside a request (start-up, migrations, the worker's loops and jobs): a
 * function taking the line and, for a failure, its level. Info is progress; warn is a failure the process handles
 * (it retries, falls back, hands work on); error is one that needs a person (a job failed for good, a stop that had
 * to be forced, a start that cannot go on). core/src/services/ops/log.ts writes them as JSON lines with pino's
 * numeric levels (30, 40, 50), which is what alerts key on (docs/operations.md, Monitor).
 */
export type LogLevel = 'info' | 'warn' | 'error';

export type Log = (line: string, level?: LogLevel) => void;
