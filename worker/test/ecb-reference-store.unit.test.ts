import { describe, expect, it } from 'vitest';
import { missingReferenceRates } from '../../core/src/market/dataset/ecb-store';

// Issue 34: the bundled ECB file stored for every catalogue currency, each from the day after its own newest fix
// (an install that held only the data set's five gets the others' history once), 'N/A' cells skipped.
const FILE = [
  'Date,USD,JPY,BGN,GBP,INR,ISK,',
  '2026-04-13,1.1684,186.75,N/A,0.87058,109.047,143.2,',
  '2026-04-10,1.1711,186.43,N/A,0.87105,108.7795,N/A,',
].join('\n');

describe('the bundled ECB rates to store', () => {
  it('are every catalogue currency’s fixes after its newest stored one, N/A and BGN left out', () => {
    const missing = missingReferenceRates(
      FILE,
      new Map([
        ['USD', '2026-04-13'],
        ['GBP', '2026-04-10'],
      ]),
    );
    const rows = missing.currencies.map((c, i) => `${c} ${missing.dates[i]} ${missing.rates[i]}`);
    expect(rows.sort()).toEqual([
      'GBP 2026-04-13 0.87058',
      'INR 2026-04-10 108.7795',
      'INR 2026-04-13 109.047',
      'ISK 2026-04-13 143.2',
      'JPY 2026-04-10 186.43',
      'JPY 2026-04-13 186.75',
    ]);
  });
});
