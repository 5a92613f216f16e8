import type { Database, Log } from '@pippitch/sql';
import { touchSessions } from '../../queries/sessions/store';
import type { AccessFeed } from './access-feed';
import { readSession, type SessionRow, sessionIdOf, TOUCH_EVERY_MS, type Viewer, viewerOf } from './sessions';

export interface SessionCacheOptions {
  /** How long a session read is served from memory at most (0: read on every request). */
  ttlMs: number;
  /** The process's access announcements; without one (or while it is not listening) nothing is held. */
  feed: AccessFeed | null;
  /** Most sessions held; beyond it the oldest go. */
  maxEntries?: number;
  /** How often pending last_seen_at touches are written, together. */
  flushMs?: number;
  log?: Log;
}

interface Entry {
  row: SessionRow;
  /** performance.now() when read: the bound is kept on the monotonic clock, whatever the app's clock says. */
  readAt: number;
  /** The last last_seen_at this process wrote or read, on the app's clock. */
  lastSeen: Date;
  /** Values derived from the session's member and company (memo), dropped with the entry; how to read each again. */
  memo: Map<string, { value: unknown; load: () => Promise<unknown> }>;
  /** A read-ahead is under way. */
  refreshing: boolean;
}

/**
 * Sessions held in memory per process (issue 35): a signed-in request costs a map lookup, not a three-table join.
 *
 * Revocation is not weakened: every change that could alter what a session gives is announced by the database
 * (NOTIFY access_changed on commit: a session deleted, a member's profile or a company's row changed, 0007/0053) and
 * drops the entries it touches on every process as it arrives; a change this process makes through the API drops its
 * company's entries before the answer goes (forgetAfterChange), so the same process never serves the old state;
 * nothing is held while the announcements are not being heard (LISTEN connection down), and everything is dropped
 * when they are heard again; a read that was under way when an announcement touching it arrived is used but not kept.
 * Expiry and company access (a trial's end) are judged per request against its clock, so no time-based change waits
 * for the bound. The bound (ttlMs) is only the safety net for what nothing announces.
 *
 * last_seen_at is written off the request path: at most once a minute per session, in one statement per second for
 * every session due, conditional in the database so two processes do not both write it within the minute.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly feed: AccessFeed | null;
  private readonly log: Log;
  private readonly unsubscribe: (() => void) | null;
  /** Counts evictions; a read records it when it starts and is kept only if nothing it depends on was evicted since. */
  private seq = 0;
  private everythingAt = 0;
  private readonly evictedAt = new Map<string, number>();
  private readonly touches = new Map<string, Date>();
  private readonly flushTimer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    options: SessionCacheOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.feed = options.feed;
    this.log = options.log ?? (() => {});
    this.unsubscribe =
      this.feed && this.ttlMs > 0
        ? this.feed.subscribe({
            onNotify: (payload) => this.onNotify(payload),
            onConnect: () => this.forgetEverything(),
            onDisconnect: () => this.forgetEverything(),
          })
        : null;
    this.flushTimer = setInterval(() => void this.flush(), options.flushMs ?? 1_000).unref();
  }

  /** The viewer behind a session cookie at `now`, or null. */
  async resolve(token: string | undefined, now: Date): Promise<Viewer | null> {
    const id = sessionIdOf(token);
    if (!id) return null;
    let entry = this.holding() ? this.entries.get(id) : undefined;
    const age = entry ? performance.now() - entry.readAt : 0;
    if (entry && age > this.ttlMs) {
      this.entries.delete(id);
      entry = undefined;
    } else if (entry && age > this.ttlMs / 2 && !entry.refreshing) {
      // Read ahead, off this request: a session in use is never read on a request's path after its first.
      entry.refreshing = true;
      void this.readAhead(id, entry);
    }
    if (!entry) {
      const startedAt = this.seq;
      const row = await readSession(this.db, id);
      if (!row) return null;
      entry = { row, readAt: performance.now(), lastSeen: row.lastSeenAt, memo: new Map(), refreshing: false };
      if (this.holding() && this.unchangedSince(row, startedAt)) this.keep(id, entry);
    }
    const viewer = viewerOf(entry.row, now);
    if (viewer && now.getTime() - entry.lastSeen.getTime() > TOUCH_EVERY_MS) {
      entry.lastSeen = now;
      this.touches.set(id, now);
    }
    return viewer;
  }

  /**
   * A value derived from a session's member and company (auth.session's margin state), held with the session and
   * dropped with it: whatever it is read from must be announced as a change of that member ('u:') or company ('c:').
   */
  async memo<T>(sessionId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.holding() ? this.entries.get(sessionId) : undefined;
    const held = entry?.memo.get(key);
    if (held) return held.value as T;
    const startedAt = this.seq;
    const value = await load();
    if (entry && this.entries.get(sessionId) === entry && this.unchangedSince(entry.row, startedAt)) {
      entry.memo.set(key, { value, load });
    }
    return value;
  }

  /**
   * Reads a held session and its memo again and replaces them, unless an announcement touched them meanwhile (then
   * the entry is gone or goes, and the next request reads afresh). A failure leaves the entry to its bound.
   */
  private async readAhead(id: string, entry: Entry): Promise<void> {
    const startedAt = this.seq;
    try {
      const row = await readSession(this.db, id);
      const memo: Entry['memo'] = new Map();
      for (const [key, held] of entry.memo) memo.set(key, { value: await held.load(), load: held.load });
      if (this.entries.get(id) !== entry) return;
      if (!row) this.entries.delete(id);
      else if (this.unchangedSince(row, startedAt) && this.unchangedSince(entry.row, startedAt)) {
        entry.row = row;
        entry.memo = memo;
        if (row.lastSeenAt > entry.lastSeen) entry.lastSeen = row.lastSeenAt;
        entry.readAt = performance.now();
      }
    } catch (err) {
      this.log(`session read-ahead failed: ${(err as Error).message}`, 'warn');
    } finally {
      entry.refreshing = false;
    }
  }

  /**
   * After a change made through this process (any mutation): its company's sessions are read afresh, so the
   * member's next request here sees it even before the database's announcement arrives. Without a company (signed
   * out: a password reset ends someone's sessions) everything is.
   */
  forgetAfterChange(companyId: string | undefined): void {
    if (companyId) this.forget('c', companyId);
    else this.forgetEverything();
  }

  /** Sessions held now (tests check the cache is in play). */
  get held(): number {
    return this.holding() ? this.entries.size : 0;
  }

  /** Writes the pending touches now (tests; stop). */
  flush(): Promise<void> {
    if (this.touches.size === 0) return this.flushing;
    const due = [...this.touches];
    this.touches.clear();
    this.flushing = this.flushing.then(async () => {
      await touchSessions(this.db, due, TOUCH_EVERY_MS).catch((err: Error) =>
        this.log(`session last-seen not written: ${err.message}`, 'warn'),
      );
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    this.unsubscribe?.();
    this.entries.clear();
    await this.flush();
  }

  private holding(): boolean {
    return this.ttlMs > 0 && this.feed !== null && this.feed.connected;
  }

  private unchangedSince(row: SessionRow, startedAt: number): boolean {
    if (this.everythingAt > startedAt) return false;
    for (const key of [`s:${row.sessionId}`, `u:${row.userId}`, `c:${row.companyId}`]) {
      if ((this.evictedAt.get(key) ?? 0) > startedAt) return false;
    }
    return true;
  }

  private keep(id: string, entry: Entry): void {
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, entry);
  }

  private onNotify(payload: string): void {
    const kind = payload.slice(0, 1);
    if ((kind === 's' || kind === 'u' || kind === 'c') && payload[1] === ':') this.forget(kind, payload.slice(2));
  }

  private forget(kind: 's' | 'u' | 'c', id: string): void {
    const at = ++this.seq;
    // Marks only matter to reads under way; when they pile up, one mark for everything replaces them.
    if (this.evictedAt.size >= 10_000) {
      this.evictedAt.clear();
      this.everythingAt = at;
    } else this.evictedAt.set(`${kind}:${id}`, at);
    if (kind === 's') {
      this.entries.delete(id);
      return;
    }
    for (const [sid, e] of this.entries) {
      if ((kind === 'u' ? e.row.userId : e.row.companyId) === id) this.entries.delete(sid);
    }
  }

  private forgetEverything(): void {
    this.everythingAt = ++this.seq;
    this.evictedAt.clear();
    this.entries.clear();
  }
}
