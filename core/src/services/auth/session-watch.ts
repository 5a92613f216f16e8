import { type Database, type Listener, type Log, listen } from '@pippitch/sql';
import { systemScope } from '../../queries/scope';
import { readWatchedSessions } from '../../queries/sessions/store';
import { ACCESS_CHANNEL, type AccessFeed } from './access-feed';
import { accessOfCompany } from './company-access';

export { ACCESS_CHANNEL };

export interface SessionWatchOptions {
  /** The safety net: every open stream is re-checked this often, whatever was (or was not) notified. */
  intervalMs?: number;
  /** LISTEN here for access changes (ends streams within moments); without it only the periodic check runs. */
  listenUrl?: string | undefined;
  /** The process's shared access announcements (instead of a LISTEN connection of its own at listenUrl). */
  feed?: AccessFeed | undefined;
  now?: () => Date;
  log?: Log;
}

/** Why a watched session stopped giving access. */
export type EndReason = 'signedOut' | 'noAccess';

type Scope = { kind: 'all' } | { kind: 'user' | 'company'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Long-lived streams (live quotes over WebSocket) were authorised when they opened. This ends a stream
 * when its member loses access: sign-out, deactivation, password reset (each deletes sessions), a
 * deactivated profile, or the company losing access (locked, trial over, subscription ended).
 *
 * The database announces those changes (NOTIFY on ACCESS_CHANNEL, one LISTEN connection per process), and
 * the affected streams are re-checked at once. A periodic check of every open stream in ONE query stays as
 * the safety net: for changes nobody announces (a trial running out, a session expiring) and for anything
 * missed while the LISTEN connection was down (it re-checks everything on reconnection).
 */
export class SessionWatch {
  private readonly watchers = new Map<string, Set<(why: EndReason) => void>>();
  private readonly intervalMs: number;
  private readonly listenUrl: string | undefined;
  private readonly feed: AccessFeed | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly now: () => Date;
  private readonly log: Log;
  private timer: NodeJS.Timeout | undefined;
  private listener: Listener | undefined;
  // Checks run one after another, so a burst of notifications never opens a burst of connections.
  private queue: Promise<void> = Promise.resolve();

  /** `options` as a number is the interval alone (no LISTEN), as older callers pass it. */
  constructor(
    private readonly db: Database,
    options: number | SessionWatchOptions = {},
  ) {
    const o = typeof options === 'number' ? { intervalMs: options } : options;
    this.intervalMs = o.intervalMs ?? 30_000;
    this.listenUrl = o.listenUrl;
    this.feed = o.feed;
    this.now = o.now ?? (() => new Date());
    this.log = o.log ?? (() => {});
  }

  /**
   * Calls `onEnded` once when the session stops giving access, saying why (the browser shows the sign-in page or
   * the locked page); returns a function that stops watching.
   */
  watch(sessionId: string, onEnded: (why: EndReason) => void): () => void {
    let set = this.watchers.get(sessionId);
    if (!set) {
      set = new Set();
      this.watchers.set(sessionId, set);
    }
    set.add(onEnded);
    this.timer ??= setInterval(() => void this.check(), this.intervalMs).unref();
    // Opened with the first stream and kept for the life of the process: one connection, not one per stream.
    if (this.feed && !this.unsubscribe) {
      this.unsubscribe = this.feed.subscribe({
        onNotify: (payload) => this.onNotify(payload),
        onConnect: () => void this.check(),
        onDisconnect: () => {},
      });
    } else if (!this.feed && this.listenUrl && !this.listener) {
      this.listener = listen(this.listenUrl, [ACCESS_CHANNEL], (_channel, payload) => this.onNotify(payload), {
        onConnect: () => void this.check(),
        log: this.log,
      });
    }
    return () => {
      set.delete(onEnded);
      if (set.size === 0 && this.watchers.get(sessionId) === set) this.watchers.delete(sessionId);
      if (this.watchers.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Re-checks every open stream now (the periodic safety net). */
  check(): Promise<void> {
    return this.enqueue(() => this.recheck([...this.watchers.keys()], { kind: 'all' }));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watchers.clear();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private onNotify(payload: string): void {
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') {
      if (this.watchers.has(id)) void this.enqueue(() => this.recheck([id], { kind: 'all' }));
    } else if ((kind === 'u:' || kind === 'c:') && UUID.test(id) && this.watchers.size > 0) {
      const scope = { kind: kind === 'u:' ? 'user' : 'company', id } as const;
      void this.enqueue(() => this.recheck([...this.watchers.keys()], scope));
    }
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    // A failed check (database down) ends nothing: streams carry on and the next check decides.
    this.queue = this.queue
      .then(work)
      .catch((err) => this.log(`session check failed: ${(err as Error).message}`, 'warn'));
    return this.queue;
  }

  /**
   * Ends the watched sessions among `ids` that no longer give access. With a user or company scope only
   * that member's or company's sessions are looked at (a session of another company is not affected).
   */
  private async recheck(ids: string[], scope: Scope): Promise<void> {
    if (ids.length === 0) return;
    const now = this.now();
    const narrow =
      scope.kind === 'user'
        ? { userId: scope.id }
        : scope.kind === 'company'
          ? { scope: systemScope('system:session-watch', scope.id) }
          : null;
    const rows = await readWatchedSessions(this.db, ids, narrow);
    // A live session of an active member whose company lost access ends as 'noAccess' (the locked page, issue
    // 19: it used to end as a sign-out); everything else missing or lapsed ends as 'signedOut'.
    const allowed = new Set<string>();
    const locked = new Set<string>();
    for (const r of rows) {
      if (!(r.expiresAt > now && r.isActive)) continue;
      const access = accessOfCompany(r, now);
      (access === 'granted' ? allowed : locked).add(r.id);
    }
    // Unscoped, a session missing from the rows is gone; scoped, only the rows found were in question.
    const inQuestion = scope.kind === 'all' ? ids : rows.map((r) => r.id);
    for (const id of inQuestion) {
      if (allowed.has(id)) continue;
      const ends = this.watchers.get(id);
      this.watchers.delete(id);
      const why: EndReason = locked.has(id) ? 'noAccess' : 'signedOut';
      for (const end of ends ?? []) end(why);
    }
  }
}
