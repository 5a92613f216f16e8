import { afterAll, beforeAll } from 'vitest';
import { openDesk, startDeskApp } from './desk-fixture';
import type { TestApp, TestClient } from './helpers';
import { QUOTE_TIME, savePitch, TRADES } from './margin-fixtures';

export { QUOTE_TIME, TRADES };

// Issue 32 §1: every artefact is judged on its own figures. The desk's GBP/USD floor is 50 bps for £100k–£1m tickets;
// each pack's rows sell £100,000 (a £100k ticket, in that band) and state the pack's margin of 10–50 bps. Pitches are
// the spec's demo: GBP/USD mid 1.3556, $500,000; 1.3500 is 41.3 bps (below), 1.3474 is 60.5 bps (above).
export let h: TestApp;
export let admin: TestClient;
export let admin2: TestClient;
export let broker: TestClient;
export let rival: TestClient;
export let cookie: string;

export const FLOOR = (bps: number) => ({
  floors: { GBPUSD: [{ fromGbp: 100_000, toGbp: 1_000_000, floorBps: bps }] },
  marginOptions: [0, 10, 20, 30, 40, 50] as (0 | 10 | 20 | 30 | 40 | 50)[],
});
export const below = (bps: number, floor = 50) =>
  `This pack shows ${bps.toFixed(1)} bps, below the desk's floor of ${floor} bps for GBP/USD £100k–£1m: ask for approval first`;

export const pitch = (clientName: string, yourRate: string): Promise<string> => savePitch(broker, clientName, yourRate);

export async function leadId(name: string): Promise<string> {
  const lead = (await broker.api.leads.list.query()).leads.find((l) => l.name === name);
  if (!lead) throw new Error(`no lead ${name}`);
  return lead.id;
}

export const pack = (lead: string, marginBps: number) =>
  broker.api.packs.create.mutate({ leadId: lead, csv: TRADES, marginBps });
export const pdf = (packId: string) => fetch(`${h.url}/api/packs/${packId}.pdf`, { headers: { cookie } });
export const pdfRefusal = async (packId: string) => {
  const res = await pdf(packId);
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
};
/** Asks from the pack form (nothing saved yet) and has the second admin approve every request. */
export async function askAndApprove(lead: string, marginBps: number): Promise<string[]> {
  const asked = await broker.api.margin.requestPackApproval.mutate({
    leadId: lead,
    csv: TRADES,
    marginBps,
    reason: 'Competitive tender',
  });
  for (const r of asked) await admin2.api.margin.decide.mutate({ id: r.id, decision: 'approved' });
  return asked.map((r) => r.id);
}

/** The desk above, set up before a file's tests and closed after them (each test file calls this once). */
export function useGateDesk(): void {
  beforeAll(async () => {
    h = await startDeskApp([{ pair: 'GBPUSD', bid: 1.3555, ask: 1.3557, mid: 1.3556 }], QUOTE_TIME);
    const desk = await openDesk(h, 'Gate Desk', { secondAdmin: true, rival: 'Rival Desk' });
    ({ owner: admin, broker } = desk);
    admin2 = desk.admin2!;
    rival = desk.rival!;
    await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
    cookie = [...broker.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await admin.api.margin.updatePolicy.mutate(FLOOR(50));
  });
  afterAll(() => h?.close());
}
