/**
 * The company, brokers and hand-picked minutes every evidence-pack test starts from (packs-*.test.ts): Acme FX
 * with its owner Ada (an admin) and brokers Bob and Carol, a rival company's admin, and Bob's lead to build packs
 * on; the clock at NOW.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { addMember, signedIn, signUp, signupInput, startTestApp, type TestApp, type TestClient } from '../helpers';
import { compressBars } from './fixtures';

export const NOW = new Date('2025-11-10T12:00:00Z');

/** Bars with hand-picked closes (UTC minutes), so every figure below is worked by hand. */
const BARS: [string, string, number][] = [
  ['GBPUSD', '2025-10-29T14:05:00Z', 1.31],
  ['EURGBP', '2025-10-29T14:05:00Z', 0.88],
  ['EURUSD', '2025-10-29T14:05:00Z', 1.16],
  // Friday's last bar before the weekend.
  ['GBPUSD', '2025-10-31T21:59:00Z', 1.3],
  // 03:00 London on the spring-forward Sunday is 02:00 UTC; 01:30 on the autumn Sunday is first 00:30 UTC (BST).
  ['GBPUSD', '2025-03-30T02:00:00Z', 1.29],
  ['GBPUSD', '2025-10-26T00:30:00Z', 1.28],
];

const HEADER = 'date,time,pair,direction,amount,rate';
export const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
export const HAND_WORKED = csv(
  '2025-10-29,14:05,GBPUSD,sell,100000,1.3000',
  '2025-10-29,14:05,GBPUSD,buy,"100,000",1.3200',
  '29/10/2025,14:05,GBP/EUR,sell,50000,1.1250',
  '2025-10-29,14:05,EURUSD,buy,10000,1.1700',
  '2025-10-31,22:02,GBPUSD,sell,100000,1.2900',
  '2025-11-01,12:00,GBPUSD,sell,100000,1.2900',
  '2025-03-30,03:00,GBPUSD,sell,100000,1.2800',
  '2025-10-26,01:30,GBPUSD,sell,100000,1.2700',
  '2025-03-30,01:30,GBPUSD,sell,100000,1.2800',
  '2025-10-29,14:05,USDJPY,sell,100000,150',
  '2025-10-29,25:00,GBPUSD,sell,100000,1.3',
  '2025-10-29,14:05,GBPUSD,hold,100000,1.3',
  '2025-10-29,14:05,GBPUSD,sell,-5,1.3',
  '2025-10-29,14:05,GBPUSD,sell,100000',
);

export interface PacksWorld {
  h: TestApp;
  /** The company's owner (an admin). */
  ada: TestClient;
  /** A broker. */
  bob: TestClient;
  /** Another broker in the same company. */
  carol: TestClient;
  /** An admin of another company. */
  rival: TestClient;
  /** Bob's lead, Prospect Trading Ltd. */
  leadId: string;
}

/** One app for the test file (its own database) with the world above; tests read it once the set-up has run. */
export function packsTestApp(): PacksWorld {
  const world = {} as PacksWorld;
  beforeAll(async () => {
    const h = await startTestApp();
    world.h = h;
    h.clock.now = NOW;
    for (const [pair, ts, close] of BARS) {
      // EUR/USD's minute is a real (Dukascopy) one; the rest are the bundled set's simulated minutes.
      const source = pair === 'EURUSD' ? 'dukascopy' : 'ecb_sim';
      await sql`INSERT INTO fx_minute_bars VALUES (${pair}, ${ts}::timestamptz, ${close}, ${close}, ${close}, ${close}, ${source})`.execute(
        h.t.db,
      );
    }
    await compressBars(h.t.db);
    world.ada = h.client();
    await signUp(h.t.db, world.ada, signupInput());
    world.rival = h.client();
    await signUp(
      h.t.db,
      world.rival,
      signupInput({ companyName: 'Rival FX', companyDomain: 'rival.io', email: 'r@rival.io' }),
    );
    await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
    await addMember(h, 'Acme FX', 'bob@acmefx.co.uk', 'junior');
    await addMember(h, 'Acme FX', 'carol@acmefx.co.uk', 'junior');
    world.bob = await signedIn(h, 'bob@acmefx.co.uk');
    world.carol = await signedIn(h, 'carol@acmefx.co.uk');
    await world.bob.api.leads.add.mutate({ name: 'Prospect Trading Ltd', source: 'manual_search' });
    world.leadId = (await world.bob.api.leads.list.query()).leads[0]!.id;
  });
  afterAll(() => world.h.close());
  return world;
}

/** The Cookie header of a signed-in client, for the plain HTTP routes (the pack's PDF). */
export const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
