import pino from 'pino';
import pretty from 'pino-pretty';

// Process logs outside a request (start-up, migrations, the worker's loops and jobs): the same shape as the
// server's request logs (api/http/logging.ts), JSON lines with `level`, `time` and `name` in production for a log
// collector, readable timed lines in development. One function per line, as the worker's code calls it, with the
// level methods beside it.

export interface ProcessLog {
  (line: string): void;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export function createProcessLog(name: string, env: 'development' | 'production' | 'test'): ProcessLog {
  const logger =
    env === 'production'
      ? pino({ name, level: 'info' })
      : pino(
          { name, level: 'info' },
          pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }),
        );
  const log = ((line: string) => logger.info(line)) as ProcessLog;
  log.info = (line) => logger.info(line);
  log.warn = (line) => logger.warn(line);
  log.error = (line) => logger.error(line);
  return log;
}
