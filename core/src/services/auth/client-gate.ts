import { MESSAGES } from '@pippitch/shared/auth';
import { tooManyRequests } from '../../errors';

/**
 * At most `perClient` sign-ins of one client in flight in this process; more are refused (429) before they touch
 * the database. The rate limits count attempts in PostgreSQL, which is exact across servers but costs statements
 * on one hot row per client: a client firing hundreds of calls at once (90 batches of 10) queued them on the pool
 * and slowed everyone's sign-in. No person signs in more than a few times at once from one address.
 */
export class ClientGate {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perClient: number) {}

  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const held = this.inFlight.get(client) ?? 0;
    if (held >= this.perClient) throw tooManyRequests(MESSAGES.busy);
    this.inFlight.set(client, held + 1);
    try {
      return await work();
    } finally {
      const left = (this.inFlight.get(client) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(client);
      else this.inFlight.set(client, left);
    }
  }
}

/** Sign-in attempts in flight per client, per server process. */
export const signInGate = new ClientGate(4);
