import type { Log, LogLevel } from '@pippitch/sql';
import pino from 'pino';
import pretty from 'pino-pretty';

// Process logs outside a request (start-up, migrations, the worker's loops and jobs): the same shape as the
// server's request logs (api/http/logging.ts), JSON lines with `level`, `time` and `name` in production for a log
// collector, readable timed lines in development. One function per line, as the worker's code calls it, taking the
// level of a failure (warn: handled, retried; error: needs a person — @pippitch/sql's Log), with the level methods
// beside it. docs/operations.md lists the lines to alert on.

export type { Log, LogLevel };

export interface ProcessLog extends Log {
  info(line: string): void;
  warn(line: string): void;
  /** With `err`, its message and stack go in the same JSON line (`err`), never as lines of their own. */
  error(line: string, err?: unknown): void;
}

/**
 * `destination`: where the lines go (stdout by default; tests pass a stream to read them). Production writes JSON
 * synchronously, so the line saying why a process stops is written before it exits.
 */
export function createProcessLog(
  name: string,
  env: 'development' | 'production' | 'test',
  destination?: NodeJS.WritableStream,
): ProcessLog {
  const logger =
    env === 'production'
      ? pino({ name, level: 'info' }, destination ?? pino.destination({ sync: true }))
      : pino(
          { name, level: 'info' },
          pretty({
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname',
            singleLine: true,
            sync: true,
            ...(destination && { destination }),
          }),
        );
  const log = ((line: string, level: LogLevel = 'info') => logger[level](line)) as ProcessLog;
  log.info = (line) => logger.info(line);
  log.warn = (line) => logger.warn(line);
  log.error = (line, err) => (err === undefined ? logger.error(line) : logger.error({ err }, line));
  return log;
}
