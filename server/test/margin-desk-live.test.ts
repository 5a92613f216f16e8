import { LIVE_CLOSE } from '@pippitch/shared/live-socket';
import {
  MARGIN_DESK_CHANGED as CHANGED,
  MARGIN_DESK_PATH,
  MARGIN_DESK_READY as READY,
} from '@pippitch/shared/margin-desk-live';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, ownerOfNewCompany, signedIn, startTestApp, type TestApp, type TestClient } from './helpers';
import { cookieHeader } from './live-socket';
import { FLOOR_POLICY as FLOOR, TRADES } from './margin-fixtures';

// Issue 32 §3: the desk sees a request at once. A company's approval changes are announced by the database
// (NOTIFY margin_desk, 0056) and pushed to that company's open pages over MARGIN_DESK_PATH; the page re-reads.
const settled = { timeout: 30_000, interval: 20 };

interface DeskSocket {
  messages: string[];
  closed: { code: number } | null;
  close(): void;
}

function openDesk(url: string, cookie: string | null, origin = url): DeskSocket {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${MARGIN_DESK_PATH}`, {
    headers: { ...(cookie ? { cookie } : {}), origin },
  });
  const desk: DeskSocket = { messages: [], closed: null, close: () => socket.terminate() };
  socket.on('message', (data) => desk.messages.push(String(data)));
  socket.on('close', (code) => {
    desk.closed = { code };
  });
  socket.on('error', () => {});
  return desk;
}

let h: TestApp;
let admin: TestClient;
let broker: TestClient;
let colleague: TestClient;
let rival: TestClient;
const sockets: DeskSocket[] = [];
const open = (c: TestClient | null) => {
  const s = openDesk(h.url, c ? cookieHeader(c.cookies) : null);
  sockets.push(s);
  return s;
};
const ask = (c: TestClient, leadId: string) =>
  c.api.margin.requestPackApproval.mutate({ leadId, csv: TRADES, marginBps: 10, reason: 'Tender' });
const newLead = async (c: TestClient, name: string) =>
  (await c.api.leads.add.mutate({ name, source: 'manual_search' })).lead.id;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await ownerOfNewCompany(h, 'Live Desk')).c;
  await addMember(h, 'Live Desk', 'broker@livedesk.co.uk', 'junior');
  broker = await signedIn(h, 'broker@livedesk.co.uk');
  await addMember(h, 'Live Desk', 'colleague@livedesk.co.uk', 'junior');
  colleague = await signedIn(h, 'colleague@livedesk.co.uk');
  rival = (await ownerOfNewCompany(h, 'Other Desk')).c;
  await h.t.db.updateTable('companies').set({ company_finder_enabled: true }).execute();
  await admin.api.margin.updatePolicy.mutate(FLOOR);
  await rival.api.margin.updatePolicy.mutate(FLOOR);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.close();
});

describe('the margin desk live', () => {
  it('a broker asks: their admins’ pages are told at once, not a colleague’s nor another desk’s; the decision tells the asker alone', async () => {
    const adminDesk = open(admin);
    // Subscribed; the process's LISTEN connection opens with the first page and tells it once listening, since a
    // change may have come before (nothing is missed).
    await expect.poll(() => adminDesk.messages, settled).toEqual([READY, CHANGED]);
    const brokerDesk = open(broker);
    const colleagueDesk = open(colleague);
    const rivalDesk = open(rival);
    await expect.poll(() => brokerDesk.messages, settled).toEqual([READY]);
    await expect.poll(() => colleagueDesk.messages, settled).toEqual([READY]);
    await expect.poll(() => rivalDesk.messages, settled).toEqual([READY]);

    const [asked] = await ask(broker, await newLead(broker, 'Live Prospect Ltd'));
    await expect.poll(() => adminDesk.messages, settled).toEqual([READY, CHANGED, CHANGED]);
    await expect.poll(() => brokerDesk.messages, settled).toEqual([READY, CHANGED]);
    // The admin's badge re-reads the queue: the request is there.
    expect((await admin.api.margin.queue.query()).map((r) => r.id)).toEqual([asked?.id]);

    // Another desk's request reaches only that desk. Notifications arrive in commit order on one connection, so
    // once the rival has heard its own, Live Desk's pages have heard all they will of it: nothing. A colleague
    // on the same desk hears nothing of the broker's request either (the server does not send it).
    await ask(rival, await newLead(rival, 'Rival Prospect Ltd'));
    await expect.poll(() => rivalDesk.messages, settled).toEqual([READY, CHANGED]);
    expect(adminDesk.messages).toHaveLength(3);
    expect(brokerDesk.messages).toHaveLength(2);
    expect(colleagueDesk.messages).toEqual([READY]);

    // The decision: the broker's page hears it and re-reads (the decision, and the top bar's unread 'Decisions'
    // count with the session), the admin's badge drops; not the colleague's page nor the rival's.
    expect((await broker.api.auth.session.query())?.margin.unreadDecisions).toBe(0);
    await admin.api.margin.decide.mutate({ id: asked?.id as string, decision: 'approved' });
    await expect.poll(() => brokerDesk.messages, settled).toEqual([READY, CHANGED, CHANGED]);
    await expect.poll(() => adminDesk.messages, settled).toHaveLength(4);
    expect((await broker.api.margin.myRequests.query()).find((r) => r.id === asked?.id)?.status).toBe('approved');
    expect((await broker.api.auth.session.query())?.margin.unreadDecisions).toBe(1);
    expect(await admin.api.margin.queue.query()).toEqual([]);

    // The colleague's own request: they and the admins hear it, the broker does not.
    await ask(colleague, await newLead(colleague, 'Colleague Prospect Ltd'));
    await expect.poll(() => colleagueDesk.messages, settled).toEqual([READY, CHANGED]);
    await expect.poll(() => adminDesk.messages, settled).toHaveLength(5);
    await ask(rival, await newLead(rival, 'Rival Second Ltd'));
    await expect.poll(() => rivalDesk.messages, settled).toHaveLength(3);
    expect(brokerDesk.messages).toHaveLength(3);
    expect(colleagueDesk.messages).toHaveLength(2);
  });

  it('the LISTEN connection lost: once listening again, every page is told (a change may have been missed)', async () => {
    const desk = open(admin);
    await expect.poll(() => desk.messages, settled).toEqual([READY]);
    const { rows } = await sql<{ pid: number }>`
      SELECT pg_terminate_backend(pid)::int AS pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'pippitch-listen' AND query LIKE '%margin_desk%'`.execute(
      h.t.db,
    );
    expect(rows).toHaveLength(1);
    await expect.poll(() => desk.messages, settled).toEqual([READY, CHANGED]);
  });

  it('no session: closed as the live quotes’ socket is (sign in)', async () => {
    const anonymous = open(null);
    await expect.poll(() => anonymous.closed, settled).toEqual({ code: LIVE_CLOSE.signedOut });
    expect(anonymous.messages).toEqual([]);
  });

  it('another site’s page cannot open it (the CSRF guard checks the Origin)', async () => {
    const foreign = openDesk(h.url, cookieHeader(admin.cookies), 'https://evil.example');
    sockets.push(foreign);
    await expect.poll(() => foreign.closed, settled).not.toBeNull();
    expect(foreign.messages).toEqual([]);
  });

  it('signing out ends the page’s socket', async () => {
    const later = await signedIn(h, 'broker@livedesk.co.uk');
    const desk = open(later);
    await expect.poll(() => desk.messages, settled).toEqual([READY]);
    await later.api.auth.logout.mutate();
    await expect.poll(() => desk.closed, settled).toEqual({ code: LIVE_CLOSE.signedOut });
  });
});
