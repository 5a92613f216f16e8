import pg from 'pg';
import type { Log } from './log';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called after every (re)connection, e.g. to catch up on anything missed while disconnected. */
  onConnect?: () => void;
  /** Called when a connection that was listening is lost (notifications may be missed until onConnect). */
  onDisconnect?: () => void;
  log?: Log;
  /** Longest wait between reconnection attempts. */
  maxBackoffMs?: number;
}

/**
 * LISTEN on one dedicated connection that reconnects with backoff when the database goes away, so a
 * database restart costs a gap, never a crashed process.
 */
export function listen(
  url: string,
  channels: string[],
  onNotify: (channel: string, payload: string) => void,
  options: ListenOptions = {},
): Listener {
  const log = options.log ?? (() => {});
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed) return;
    const delay = Math.min(options.maxBackoffMs ?? 10_000, 250 * 2 ** attempt++);
    timer = setTimeout(connect, delay);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: 'pippitch-listen', keepAlive: true });
    c.on('notification', (msg) => onNotify(msg.channel, msg.payload ?? ''));
    c.on('error', (err) => {
      log(`listener connection lost: ${err.message}`, 'warn');
      c.removeAllListeners('end');
      c.end().catch(() => {});
      if (client === c) {
        client = null;
        options.onDisconnect?.();
      }
      schedule();
    });
    c.on('end', () => {
      if (client === c) {
        client = null;
        options.onDisconnect?.();
        schedule();
      }
    });
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      if (attempt > 0) log(`listener reconnected (${channels.join(', ')})`);
      attempt = 0;
      options.onConnect?.();
    } catch (err) {
      log(`listener cannot connect: ${(err as Error).message}`, 'warn');
      c.removeAllListeners();
      c.on('error', () => {});
      c.end().catch(() => {});
      schedule();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
