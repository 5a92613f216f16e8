// Issue 14 §3: what an evidence pack refuses (size, too few trades, no header) and whose it is: the broker's,
// read by their admin, never by another broker or company; its PDF likewise.
import { describe, expect, it } from 'vitest';
import { errorOf, type TestClient } from '../helpers';
import { cookieOf, csv, HAND_WORKED, packsTestApp } from './packs-fixture';

const pk = packsTestApp();

describe('limits and refusals', () => {
  const row = '2025-10-29,14:05,GBPUSD,sell,100000,1.3000';
  it('refuses more than 500 rows, more than 1 MB, fewer than 3 good trades and a missing header', async () => {
    const { bob, leadId } = pk;
    const cases: [string, string][] = [
      [
        csv(...Array.from({ length: 501 }, () => row)),
        'A pack holds up to 500 trades. Remove some rows and try again.',
      ],
      [
        csv(row, row, row, 'x'.repeat(1_000_001)),
        'The file is larger than 1 MB. Split it: a pack holds up to 500 trades.',
      ],
      [csv(row, row, 'bad'), 'A pack needs at least 3 valid trades. 1 row has problems, listed below.'],
      [row, 'The first line must be the header: date,time,pair,direction,amount,rate'],
    ];
    for (const [text, message] of cases) {
      expect(await errorOf(bob.api.packs.create.mutate({ leadId, csv: text, marginBps: 20 }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
    // Exactly 500 rows is a pack.
    const full = await bob.api.packs.create.mutate({ leadId, csv: csv(...Array.from({ length: 500 }, () => row)) });
    expect(full.trades).toHaveLength(500);
  });

  it("packs are the broker's own: another broker cannot read or build on them; their admin may read", async () => {
    const { h, ada, bob, carol, rival, leadId } = pk;
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED, marginBps: 30 });
    expect((await errorOf(carol.api.packs.get.query({ id: pack.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(rival.api.packs.get.query({ id: pack.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(carol.api.packs.create.mutate({ leadId, csv: HAND_WORKED }))).code).toBe('NOT_FOUND');
    expect((await errorOf(carol.api.packs.share.mutate({ id: pack.id }))).code).toBe('NOT_FOUND');
    const asAdmin = await ada.api.packs.get.query({ id: pack.id });
    expect(asAdmin).toMatchObject({ id: pack.id, mine: false });
    expect(pack.mine).toBe(true);
    // The team view: the admin lists a broker's packs; a broker cannot; another company sees none of them.
    const bobId = (
      await h.t.db
        .selectFrom('user_profiles')
        .select('id')
        .where('email', '=', 'bob@acmefx.co.uk')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await ada.api.packs.ofMember.query({ userId: bobId })).map((p) => p.id)).toContain(pack.id);
    expect((await errorOf(carol.api.packs.ofMember.query({ userId: bobId }))).code).toBe('FORBIDDEN');
    expect(await rival.api.packs.ofMember.query({ userId: bobId })).toEqual([]);
    expect((await errorOf(h.client().api.packs.get.query({ id: pack.id }))).code).toBe('UNAUTHORIZED');
  });

  it('its PDF is served to its broker and their admin only', async () => {
    const { h, ada, bob, carol, leadId } = pk;
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const get = (c: TestClient | null) =>
      fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
        headers: c ? { cookie: cookieOf(c) } : {},
      });
    const ok = await get(bob);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(ada)).status).toBe(200);
    expect((await get(carol)).status).toBe(404);
    expect((await get(null)).status).toBe(401);
  });
});
