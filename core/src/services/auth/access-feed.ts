import { type Listener, type Log, listen } from '@pippitch/sql';

/** The channel the database announces access changes on (sql/migrations/0007 and 0053): 's:', 'u:' or 'c:' + id. */
export const ACCESS_CHANNEL = 'access_changed';

export interface AccessSubscriber {
  onNotify(payload: string): void;
  /** Listening (again): anything may have changed while not. */
  onConnect(): void;
  /** No longer listening: announcements may be missed from now on. */
  onDisconnect(): void;
}

/**
 * One LISTEN connection per server process for access announcements, shared by everything that holds access in
 * memory (the session cache, the live streams' watch). Opened on the first subscriber; `connected` says whether
 * announcements are being received right now (a cache must not serve what it cannot hear the end of).
 */
export class AccessFeed {
  private readonly subscribers = new Set<AccessSubscriber>();
  private listener: Listener | undefined;
  private isConnected = false;

  constructor(
    private readonly url: string,
    private readonly log: Log = () => {},
  ) {}

  get connected(): boolean {
    return this.isConnected;
  }

  subscribe(subscriber: AccessSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.isConnected) subscriber.onConnect();
    this.listener ??= listen(this.url, [ACCESS_CHANNEL], (_channel, payload) => this.each((s) => s.onNotify(payload)), {
      onConnect: () => {
        this.isConnected = true;
        this.each((s) => s.onConnect());
      },
      onDisconnect: () => {
        this.isConnected = false;
        this.each((s) => s.onDisconnect());
      },
      log: this.log,
    });
    return () => this.subscribers.delete(subscriber);
  }

  async stop(): Promise<void> {
    this.isConnected = false;
    this.each((s) => s.onDisconnect());
    this.subscribers.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private each(call: (s: AccessSubscriber) => void): void {
    for (const s of this.subscribers) call(s);
  }
}
