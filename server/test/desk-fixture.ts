import type { CurrencyPair } from '@pippitch/shared/pairs';
import { QuoteHub } from '../../core/src/market/live/quote-hub';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';

// The set-up the margin-desk and desk-pairs files share: an app whose live quotes are fixed (a QuoteHub publishing
// the file's mids, the clock just after them), and a desk of an owner, optionally a second admin, a broker, and
// another company's owner to show nothing crosses between them. One home, so each file states only what it tests.

/** A fixed live quote. */
export interface FixedQuote {
  pair: CurrencyPair;
  mid: number;
  bid: number;
  ask: number;
}

/** Starts the app with `quotes` as the live rates at `quoteTime`, and its clock 30 s after them. */
export async function startDeskApp(quotes: readonly FixedQuote[], quoteTime: number): Promise<TestApp> {
  const h = await startTestApp({}, (t) => {
    const hub = new QuoteHub(t.db, t.url);
    hub.publish(quotes.map((q) => ({ ...q, timestamp: quoteTime, source: 'simulated' as const })));
    return { quotes: hub };
  });
  h.clock.now = new Date(quoteTime + 30_000);
  return h;
}

export interface Desk {
  owner: TestClient;
  companyId: string;
  /** A second admin (`second@<desk's domain>`), when asked for. */
  admin2: TestClient | null;
  broker: TestClient;
  brokerId: string;
  /** The owner of another company (`rival` names it), when asked for. */
  rival: TestClient | null;
}

/** A desk named `name` (its domain from its name, as ownerOfNewCompany makes it) with a broker `broker@<domain>`. */
export async function openDesk(
  h: TestApp,
  name: string,
  options: { secondAdmin?: boolean; rival?: string } = {},
): Promise<Desk> {
  const { c: owner, companyId, domain } = await ownerOfNewCompany(h, name);
  let admin2: TestClient | null = null;
  if (options.secondAdmin) {
    await addMember(h, name, `second@${domain}`, 'admin');
    admin2 = await signedIn(h, `second@${domain}`);
  }
  const brokerId = await addMember(h, name, `broker@${domain}`, 'junior');
  const broker = await signedIn(h, `broker@${domain}`);
  const rival = options.rival ? (await ownerOfNewCompany(h, options.rival)).c : null;
  return { owner, companyId, admin2, broker, brokerId, rival };
}
