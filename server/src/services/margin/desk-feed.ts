import { type Listener, type Log, listen } from '@pippitch/sql';

/** The channel the database announces a company's approval changes on (sql/migrations/0056): the company's id. */
export const MARGIN_DESK_CHANNEL = 'margin_desk';

/**
 * One LISTEN connection per server process for the margin desk's announcements, opened on the first subscriber.
 * Each subscriber hears its own company only. Whenever the connection is (re)established every subscriber is told,
 * since a change may have been missed while not listening (a page re-reads: at worst one needless read).
 */
export class MarginDeskFeed {
  private readonly byCompany = new Map<string, Set<() => void>>();
  private listener: Listener | undefined;

  constructor(
    private readonly url: string,
    private readonly log: Log = () => {},
  ) {}

  subscribe(companyId: string, onChange: () => void): () => void {
    let set = this.byCompany.get(companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(companyId, set);
    }
    set.add(onChange);
    this.listener ??= listen(this.url, [MARGIN_DESK_CHANNEL], (_channel, payload) => this.tell(payload), {
      onConnect: () => {
        for (const company of [...this.byCompany.keys()]) this.tell(company);
      },
      log: this.log,
    });
    return () => {
      set.delete(onChange);
      if (set.size === 0 && this.byCompany.get(companyId) === set) this.byCompany.delete(companyId);
    };
  }

  async stop(): Promise<void> {
    this.byCompany.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private tell(companyId: string): void {
    for (const fn of [...(this.byCompany.get(companyId) ?? [])]) fn();
  }
}
