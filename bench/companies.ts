/**
 * Company Finder: latency of findSimilar and searchCompanies on a fresh embedded PostgreSQL holding the bundled
 * index (loaded as on first start). Targets (issue 5): findSimilar p50 ≤ 50 ms, searchCompanies p50 ≤ 20 ms.
 *   tsx bench/companies.ts
 */
import { createIndexCompanyFinder } from '../core/src/services/uk-companies/finder/index-source';
import { loadCompanyIndex } from '../core/src/services/uk-companies/load/load-index';
import { searchCompanies } from '../core/src/services/uk-companies/search';
import { createDb, createPool } from '../sql/src/index';
import { benchDatabase, ms, percentile, timeIt } from './lib/stats';

const FINDER_CALLS = 200;
const SEARCH_CALLS = 200;
// Names the index does not hold: the finder guesses their industry from their words.
const INVENTED = ['Acme Software Solutions', 'Northern Logistics Partners', 'Brightside Care Homes', 'Kestrel Foods'];
const TERMS = ['te', 'bp', 'tesco', 'barclays', 'software', 'logistic', 'care', 'sainsbry', 'univ', 'hotel'];
// The broker's leads, excluded on every click as the UI does.
const LEADS = ['Tesco', 'Barclays', 'Unilever', 'Greggs', 'Ocado Retail'];

const database = await benchDatabase('companies');
const pool = createPool(database.url, { max: 4 });
const db = createDb(pool);
try {
  const load = await loadCompanyIndex(pool);
  console.log(`first start: loaded ${load.companies} companies in ${ms(load.ms)}`);
  const again = await loadCompanyIndex(pool);
  console.log(`next start: ${again.status} in ${ms(again.ms)}`);

  // Real names spread evenly over the index, plus a few the index does not hold.
  const { rows } = await pool.query<{ name: string }>(
    'SELECT name FROM company_index WHERE cardinality(sic_divisions) > 0 ORDER BY id',
  );
  const step = Math.floor(rows.length / (FINDER_CALLS - INVENTED.length));
  const names = [...rows.filter((_, i) => i % step === 0).map((r) => r.name), ...INVENTED].slice(-FINDER_CALLS);

  const finder = createIndexCompanyFinder(db);
  await finder.findSimilar({ companyName: 'Tesco Stores' }); // warm-up: SIC directory and plans
  const first: number[] = [];
  const more: number[] = [];
  for (const companyName of names) {
    // 'Find Similar Companies', then 'Find More Similar Companies' with page one's names excluded.
    let page1 = { companies: [] as { name: string }[] };
    await timeIt(first, async () => {
      page1 = await finder.findSimilar({ companyName, exclude: LEADS });
    });
    const exclude = [...LEADS, ...page1.companies.map((c) => c.name)];
    await timeIt(more, () => finder.findSimilar({ companyName, exclude }));
  }
  const all = [...first, ...more];
  console.log(
    `findSimilar: ${all.length} calls, p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))} ` +
      `(first page p50 ${ms(percentile(first, 50))}, next page p50 ${ms(percentile(more, 50))})`,
  );

  const search: number[] = [];
  for (let i = 0; i < SEARCH_CALLS; i++) {
    const term = TERMS[i % TERMS.length] ?? 'te';
    await timeIt(search, () => searchCompanies(db, term, { limit: 5, offset: (i % 3) * 5, exclude: LEADS }));
  }
  console.log(
    `searchCompanies: ${search.length} calls, p50 ${ms(percentile(search, 50))}, p95 ${ms(percentile(search, 95))}`,
  );
} finally {
  await db.destroy();
  await database.close();
}
