import { PACK_CSV_TEMPLATE } from '@pippitch/shared/pack';
import { parsePackCsv } from '@pippitch/shared/pack-csv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOfNewCompany, startTestApp, type TestApp, type TestClient } from '../helpers';

// Issue 34 §1: the pack upload's CSV template reads the catalogue: a desk's template has rows in the pairs it quotes,
// each beyond the spec's two at the latest ECB reference rate written with the pair's decimals, so the file as
// downloaded is one the desk can upload. Anyone else, and a desk quoting the six, get the template as it was.
let h: TestApp;
let owner: TestClient;

beforeAll(async () => {
  h = await startTestApp();
  owner = (await ownerOfNewCompany(h, 'Template Desk')).c;
  // One day of reference rates, units per EUR: GBP/PLN = 4.25 ÷ 0.85 = 5; USD/JPY = 165.5 ÷ 1.1 = 150.4545…;
  // GBP/INR = 98.6 ÷ 0.85 = 116.
  const rates: [string, string][] = [
    ['GBP', '0.85'],
    ['USD', '1.1'],
    ['PLN', '4.25'],
    ['JPY', '165.5'],
    ['INR', '98.6'],
  ];
  for (const [currency, perEur] of rates)
    await sql`INSERT INTO ecb_reference_rates VALUES (${currency}, '2026-11-26', ${perEur})`.execute(h.t.db);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function template(c?: TestClient) {
  const cookie = c ? [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await fetch(`${h.url}/api/packs/template.csv`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return res.text();
}

describe("the pack upload's template", () => {
  it('is the spec template for a visitor and for a desk quoting the six', async () => {
    expect(await template()).toBe(PACK_CSV_TEMPLATE);
    expect(await template(owner)).toBe(PACK_CSV_TEMPLATE);
  });

  it("has a row in each of the desk's pairs, at the latest reference rate, with each pair's decimals", async () => {
    await owner.api.company.setPairs.mutate({ pairs: ['GBPUSD', 'GBPPLN', 'USDJPY', 'GBPINR'] });
    const text = await template(owner);
    expect(text).toBe(
      [
        'date,time,pair,direction,amount,rate',
        '2025-10-29,14:05,GBPUSD,sell,250000,1.3120',
        '2026-11-26,14:00,GBPPLN,sell,100000,5.0000',
        '2026-11-26,14:00,GBPINR,sell,100000,116.0000',
        '2026-11-26,14:00,USDJPY,sell,100000,150.45',
        '',
      ].join('\n'),
    );
    // The desk's pairs in the catalogue's order; every row is one the desk can price: none is a bad row.
    const parsed = parsePackCsv(text, ['GBPUSD', 'GBPPLN', 'USDJPY', 'GBPINR']);
    expect(parsed).toMatchObject({ ok: true, bad: [] });
    expect(parsed.ok && parsed.trades.map((t) => t.pair)).toEqual(['GBPUSD', 'GBPPLN', 'GBPINR', 'USDJPY']);
  });
});
