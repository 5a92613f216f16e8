import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../core/src/services/activity/export-csv';
import { addCalculationAt } from './activity-helpers';
import { addMember, signedIn, signUp, signupInput, startTestApp, type TestApp, type TestClient } from './helpers';

// The activity CSV (export modal): a plain GET streamed from the database, admins only, members of the caller's
// company only, RFC 4180 quoting and a guard against spreadsheet formulas.
let h: TestApp;
let admin: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput());
  ids.alice = await addMember(h, 'Acme FX', 'alice@acmefx.co.uk', 'junior');
  ids.ben = await addMember(h, 'Acme FX', 'ben@acmefx.co.uk', 'junior');
  await signUp(
    h.t.db,
    h.client(),
    signupInput({ companyName: 'Other FX', companyDomain: 'other.co.uk', email: 'olly@other.co.uk' }),
  );
  ids.foreign = await addMember(h, 'Other FX', 'fred@other.co.uk', 'junior');
  admin = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
  h.clock.now = new Date('2026-11-24T12:00:00Z');
  await addCalculationAt(h, ids.alice!, '2026-11-24T09:00:00Z', { client: 'Smith, Jones & "Partners"' });
  await addCalculationAt(h, ids.alice!, '2026-11-23T09:00:00Z', { client: '=HYPERLINK("http://evil")' });
  await addCalculationAt(h, ids.alice!, '2026-11-10T09:00:00Z', { client: '@SUM(A1)' });
  await addCalculationAt(h, ids.ben!, '2026-11-24T10:00:00Z', { client: '+44 Trading' });
  await addCalculationAt(h, ids.foreign!, '2026-11-24T10:00:00Z', { client: 'Foreign Co' });
});
afterAll(() => h.close());

function get(client: TestClient | null, query: Record<string, string>) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return fetch(`${h.url}/api/activity/export.csv?${new URLSearchParams(query)}`, {
    headers: cookie ? { cookie } : {},
  });
}

function lines(body: string) {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

describe('the CSV', () => {
  it('today for one broker: a header and one line with every field, quoted where needed', async () => {
    const res = await get(admin, { users: ids.alice!, period: 'today' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pippitch-activity-2026-11-24.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark first, so Excel reads £ and accents right (fetch's text() would hide it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    const [header, row, ...rest] = lines(body);
    expect(header).toBe(
      'Date & Time (London),Broker,Broker Email,Client Name,Currency Pair,Your Rate,Margin Pips,Competitor Rate,' +
        'Comparison Date,Amount to Buy,Amount Currency,Trades/Year,Price Difference,PIPs,Costs Currency,' +
        'Cost with Competitor,Cost with Us,Savings per Trade,Annual Savings,Savings %,Annual Savings (GBP),' +
        'GBP per Unit,Standing,Live Rate,Rate Source,Rate Time (London),' +
        'Margin (bps),Margin per Year (GBP),Floor (bps),Below Floor,Approval',
    );
    expect(row).toBe(
      '"24 Nov 2026, 09:00",junior alice@acmefx.co.uk,alice@acmefx.co.uk,"Smith, Jones & ""Partners""",GBPUSD,' +
        '1.2700,0,1.2650,2026-11-24,500000,USD,52,-0.0050,50.0,GBP,395256.92,393700.79,1556.13,80918.74,0.39,' +
        '80918.74,1,Saving (counted),1.2712,' +
        // Saved without a mid (as addCalculationAt does): no margin to measure, the margin cells blank.
        'simulated,"24 Nov 2026, 09:00",,,,,',
    );
    expect(rest).toEqual([]);
  });

  it('this week (the last 5 days) for two brokers: formulas are defused, negative numbers stay numbers', async () => {
    const res = await get(admin, { users: `${ids.alice},${ids.ben}`, period: 'week' });
    expect(res.headers.get('content-disposition')).toContain('pippitch-activity-2026-11-20-to-2026-11-24.csv');
    const rows = lines(await res.text()).slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(rows[1]).toContain('"Smith, Jones & ""Partners"""');
    expect(rows[2]).toContain(",'+44 Trading,");
    for (const r of rows) expect(r).toContain(',-0.0050,');
  });

  it('this month (the last 30 days) and a custom range ending at the end of its London day', async () => {
    const month = lines(await (await get(admin, { users: ids.alice!, period: 'month' })).text());
    expect(month).toHaveLength(4);
    expect(month[1]).toContain(",'@SUM(A1),");
    const custom = await get(admin, { users: ids.alice!, period: 'custom', start: '2026-11-10', end: '2026-11-23' });
    expect(custom.headers.get('content-disposition')).toContain('pippitch-activity-2026-11-10-to-2026-11-23.csv');
    expect(lines(await custom.text())).toHaveLength(3);
  });

  it('reads every page of a long export exactly once', async () => {
    // More rows than one page (EXPORT_PAGE = 1000), several in the same millisecond, so the keyset must not
    // repeat or skip any.
    await h.t.pool.query(
      `INSERT INTO calculations (id, user_id, company_id, client_name, normalized_client_name, currency_pair,
         calculation_data, trade_details, savings_amount, created_at)
       SELECT gen_random_uuid(), c.user_id, c.company_id, 'Bulk ' || i, 'bulk ' || i, c.currency_pair,
              c.calculation_data, c.trade_details, c.savings_amount,
              timestamptz '2026-11-01 10:00:00+00' + (i / 3) * interval '1 millisecond' + (i % 3) * interval '1 microsecond'
       FROM (SELECT * FROM calculations WHERE user_id = $1 LIMIT 1) c, generate_series(1, 2500) i`,
      [ids.ben],
    );
    const body = await (
      await get(admin, { users: ids.ben!, period: 'custom', start: '2026-11-01', end: '2026-11-01' })
    ).text();
    const clients = lines(body)
      .slice(1)
      .map((l) => l.split(',')[4]);
    expect(clients).toHaveLength(2500);
    expect(new Set(clients).size).toBe(2500);
  });

  it('reads several members in their order, each oldest first, every row once', async () => {
    // Carol (600 rows), Dave (300) and Erin (200) in one page each, Alice with none that day, Ben (2,500, from the
    // test above) in three pages; asked for in another order than the file's (by name).
    const more = { carol: 600, dave: 300, erin: 200 };
    for (const [name, n] of Object.entries(more)) {
      ids[name] = await addMember(h, 'Acme FX', `${name}@acmefx.co.uk`, 'junior');
      await h.t.pool.query(
        `INSERT INTO calculations (id, user_id, company_id, client_name, normalized_client_name, currency_pair,
           calculation_data, trade_details, savings_amount, created_at)
         SELECT gen_random_uuid(), $2, c.company_id, $3 || ' ' || i, $3 || ' ' || i, c.currency_pair,
                c.calculation_data, c.trade_details, c.savings_amount,
                timestamptz '2026-11-01 12:00:00+00' - i * interval '1 second'
         FROM (SELECT * FROM calculations WHERE user_id = $1 LIMIT 1) c, generate_series(1, $4::int) i`,
        [ids.ben, ids[name], name, n],
      );
    }
    const chosen = ['erin', 'ben', 'alice', 'dave', 'carol'].map((k) => ids[k]!);
    const body = await (
      await get(admin, { users: chosen.join(','), period: 'custom', start: '2026-11-01', end: '2026-11-01' })
    ).text();
    const rows = lines(body)
      .slice(1)
      .map((l) => l.split(','));
    // Members by name (their full names sort as their e-mails here), each member's rows oldest first: i counts down.
    const members = await h.t.db
      .selectFrom('user_profiles')
      .select(['email'])
      .where('id', 'in', chosen)
      .orderBy('full_name')
      .orderBy('id')
      .execute();
    const expected = members.flatMap(({ email }) => {
      const name = email.split('@')[0]!;
      const n = name === 'ben' ? 2500 : (more[name as keyof typeof more] ?? 0);
      return Array.from({ length: n }, (_, k) => [email, name === 'ben' ? null : `${name} ${n - k}`]);
    });
    // (The quoted date holds a comma: the e-mail is the 4th piece of a line split at commas, the client the 5th.)
    expect(rows.map((r) => r[3])).toEqual(expected.map(([email]) => email));
    const named = rows.filter((r) => r[3] !== 'ben@acmefx.co.uk').map((r) => r[4]);
    expect(named).toEqual(expected.filter(([, client]) => client).map(([, client]) => client));
  });
});

describe('refusals', () => {
  it("another company's member answers 404, also among the caller's own", async () => {
    for (const users of [ids.foreign!, `${ids.alice},${ids.foreign}`]) {
      const res = await get(admin, { users, period: 'today' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Member not found' });
    }
  });

  it('no user, a bad period or bad custom dates answer 400 with the message', async () => {
    const none = await get(admin, { users: '', period: 'today' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Please select at least one user to export' });
    expect((await get(admin, { users: ids.alice!, period: 'year' })).status).toBe(400);
    const order = await get(admin, { users: ids.alice!, period: 'custom', start: '2026-11-20', end: '2026-11-10' });
    expect(await order.json()).toMatchObject({ message: 'The start date must be on or before the end date' });
    expect((await get(admin, { users: 'not-a-uuid', period: 'today' })).status).toBe(400);
  });

  it('a broker gets 403, nobody signed in 401', async () => {
    const alice = await signedIn(h, 'alice@acmefx.co.uk');
    expect((await get(alice, { users: ids.alice!, period: 'today' })).status).toBe(403);
    expect((await get(null, { users: ids.alice!, period: 'today' })).status).toBe(401);
  });
});

describe('csvCell', () => {
  it.each<[string | number | null, 'text' | 'number', string]>([
    ['plain', 'text', 'plain'],
    ['a,b', 'text', '"a,b"'],
    ['say "hi"', 'text', '"say ""hi"""'],
    ['two\nlines', 'text', '"two\nlines"'],
    ['=1+1', 'text', "'=1+1"],
    ['+1', 'text', "'+1"],
    ['-1', 'text', "'-1"],
    ['@x', 'text', "'@x"],
    ['\tx', 'text', "'\tx"],
    ['=A1,B1', 'text', `"'=A1,B1"`],
    ['-0.0050', 'number', '-0.0050'],
    ['-1+1', 'number', "'-1+1"],
    [52, 'number', '52'],
    [null, 'text', ''],
  ])('%j (%s) → %j', (value, kind, cell) => {
    expect(csvCell(value, kind)).toBe(cell);
  });
});
