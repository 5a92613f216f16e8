import type { Database } from '@pippitch/sql';

/**
 * Long-lived streams (live quotes over WebSocket) were authorised when they opened. This re-checks, in ONE
 * query every interval for all open streams of the process, that their sessions still exist, and ends the
 * streams whose session has gone (sign-out, deactivation, password reset, expiry).
 */
export class SessionWatch {
  private readonly watchers = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly intervalMs = 30_000,
  ) {}

  watch(sessionId: string, onEnded: () => void): () => void {
    let set = this.watchers.get(sessionId);
    if (!set) {
      set = new Set();
      this.watchers.set(sessionId, set);
    }
    set.add(onEnded);
    this.timer ??= setInterval(() => void this.check().catch(() => {}), this.intervalMs).unref();
    return () => {
      set.delete(onEnded);
      if (set.size === 0) this.watchers.delete(sessionId);
      if (this.watchers.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  async check(now = new Date()): Promise<void> {
    const ids = [...this.watchers.keys()];
    if (ids.length === 0) return;
    const alive = new Set(
      (
        await this.db.selectFrom('sessions').select('id').where('id', 'in', ids).where('expires_at', '>', now).execute()
      ).map((r) => r.id),
    );
    for (const id of ids) {
      if (alive.has(id)) continue;
      for (const end of this.watchers.get(id) ?? []) end();
      this.watchers.delete(id);
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.watchers.clear();
  }
}
