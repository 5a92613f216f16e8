import { type Listener, type Log, listen } from '@pippitch/sql';

/**
 * The channel the database announces approval changes on (sql/migrations/0057): '<company id>:<requester's id>'.
 * A payload of only a company's id (0056's, until every process runs 0057's trigger) reaches its admins alone.
 */
export const MARGIN_DESK_CHANNEL = 'margin_desk';

/** Whose changes a page hears: a company's, and within it one member's own requests or (null, for admins) all. */
export interface DeskHearer {
  companyId: string;
  userId: string | null;
}

interface Subscriber {
  userId: string | null;
  onChange: () => void;
}

/**
 * One LISTEN connection per server process for the margin desk's announcements, opened on the first subscriber.
 * Each subscriber hears its own company only, and a broker only their own requests. Whenever the connection is
 * (re)established every subscriber is told, since a change may have been missed while not listening (a page
 * re-reads: at worst one needless read).
 */
export class MarginDeskFeed {
  private readonly byCompany = new Map<string, Set<Subscriber>>();
  private listener: Listener | undefined;

  constructor(
    private readonly url: string,
    private readonly log: Log = () => {},
  ) {}

  subscribe(hearer: DeskHearer, onChange: () => void): () => void {
    const { companyId } = hearer;
    let set = this.byCompany.get(companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(companyId, set);
    }
    const subscriber: Subscriber = { userId: hearer.userId, onChange };
    set.add(subscriber);
    this.listener ??= listen(this.url, [MARGIN_DESK_CHANNEL], (_channel, payload) => this.heard(payload), {
      onConnect: () => {
        for (const subscribers of [...this.byCompany.values()]) for (const s of [...subscribers]) s.onChange();
      },
      log: this.log,
    });
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byCompany.get(companyId) === set) this.byCompany.delete(companyId);
    };
  }

  async stop(): Promise<void> {
    this.byCompany.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private heard(payload: string): void {
    const [companyId = '', requesterId = null] = payload.split(':');
    for (const s of [...(this.byCompany.get(companyId) ?? [])]) {
      if (s.userId === null || s.userId === requesterId) s.onChange();
    }
  }
}
