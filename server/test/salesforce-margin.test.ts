import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../core/src/services/salesforce/exports';
import { addCalculationAt, setFloorsAt } from './activity-helpers';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';
import { TRADES } from './margin-fixtures';
import { connectCompany, localCrm } from './salesforce/connect';
import { type LocalSalesforce, startLocalSalesforce } from './salesforce/salesforce-server';

// Issue 32 §1, the Salesforce post (docs/decisions.md, Issue 32: the post is not withheld, it is the desk's own
// record of margin given away): a pitch below the floor reads as approved in the post only once the matching
// approval exists — of its lead by id, its pair and band, at or below its margin — never by another lead's
// approval nor by one at a higher margin. The far end is a local server speaking Salesforce's protocol.
let sf: LocalSalesforce;
let h: TestApp;
let owner: { c: TestClient; companyId: string; userId: string };
let amy: TestClient;
let amyId: string;

beforeAll(async () => {
  sf = await startLocalSalesforce();
  h = await startTestApp();
  owner = await ownerOfNewCompany(h, 'Post Desk');
  const key = h.config.secretsKey;
  if (!key) throw new Error('the test app has no secrets key');
  await connectCompany(h.t.db, sf, owner.companyId, key);
  amyId = await addMember(h, 'Post Desk', 'amy@postdesk.co.uk', 'junior');
  amy = await signedIn(h, 'amy@postdesk.co.uk');
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
});
afterAll(async () => {
  await h?.close();
  await sf?.close();
});

/** A pitch of Amy's at 39.2 bps (1.2700 against a mid of 1.2750), filed under her lead `name`; its id. */
async function pitchUnder(name: string, at: string): Promise<{ calculationId: string; leadId: string }> {
  const { lead } = await amy.api.leads.add.mutate({ name, source: 'manual_search' });
  await addCalculationAt(h, amyId, at, { client: name, mid: '1.2750' });
  const pitch = await h.t.db
    .updateTable('calculations')
    .set({ lead_id: lead.id })
    .where('user_id', '=', amyId)
    .where('client_name', '=', name)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { calculationId: pitch.id, leadId: lead.id };
}

/** Exports Amy's day to Salesforce and returns her line of the post. */
async function amysLine(): Promise<string> {
  const { exportId } = await owner.c.api.salesforce.exportNow.mutate({ userIds: [amyId], period: 'today' });
  const deps = { db: h.t.db, crm: localCrm(sf), secretsKey: h.config.secretsKey };
  expect(await runExport(deps, exportId, () => h.clock.now)).toBe('sent');
  return (sf.posts.at(-1)?.text ?? '').split('\n').find((l) => l.includes('amy@postdesk.co.uk')) ?? '';
}

describe('the Salesforce post counts a pitch below the floor as approved only under the matching approval', () => {
  it('another lead’s approval and a higher margin’s leave it not approved; its own lead’s at its margin approves it', async () => {
    const now = h.clock.now.getTime();
    await setFloorsAt(h, owner, new Date(now - 3_600_000).toISOString(), {
      GBPUSD: [{ fromGbp: 0, toGbp: null, floorBps: 50 }],
    });
    const at = new Date(now - 60_000).toISOString();
    const tesco = await pitchUnder('Tesco PLC', at);
    const greggs = await pitchUnder('Greggs PLC', at);
    expect(await amysLine()).toMatch(/· 2 below the floor: 2 not asked$/);

    // Greggs' pitch is approved: Tesco's, the same pair, band and margin, is not (an approval is its lead's).
    const forGreggs = await amy.api.margin.requestApproval.mutate({
      calculationId: greggs.calculationId,
      reason: 'Deal',
    });
    await owner.c.api.margin.decide.mutate({ id: forGreggs.id, decision: 'approved' });
    expect(await amysLine()).toMatch(/· 2 below the floor: 1 approved, 1 not asked$/);

    // Tesco approved at 40 bps (asked from the pack form): it does not cover the pitch's 39.2.
    const [at40] = await amy.api.margin.requestPackApproval.mutate({
      leadId: tesco.leadId,
      csv: TRADES,
      marginBps: 40,
      reason: 'Pack',
    });
    await owner.c.api.margin.decide.mutate({ id: at40?.id as string, decision: 'approved' });
    expect(await amysLine()).toMatch(/· 2 below the floor: 1 approved, 1 not asked$/);

    // Asked at the pitch's own margin: waiting, then approved.
    const forTesco = await amy.api.margin.requestApproval.mutate({
      calculationId: tesco.calculationId,
      reason: 'Deal',
    });
    expect(await amysLine()).toMatch(/· 2 below the floor: 1 approved, 1 pending$/);
    await owner.c.api.margin.decide.mutate({ id: forTesco.id, decision: 'approved' });
    expect(await amysLine()).toMatch(/· 2 below the floor: 2 approved$/);
  });
});
