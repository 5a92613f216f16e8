/**
 * The web's arrows point down and its features keep their internals (web/test/import-rules.ts says the rules),
 * and web/src has no import loop. Each rule is also shown catching a deliberately wrong tree.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, loops } from '../../server/test/import-graph';
import { importProblems, importSites } from './import-rules';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const probe = mkdtempSync(join(tmpdir(), 'web-imports-'));

afterAll(() => rmSync(probe, { recursive: true, force: true }));

function write(path: string, source: string) {
  mkdirSync(dirname(join(probe, path)), { recursive: true });
  writeFileSync(join(probe, path), source);
}

describe('web/src imports', () => {
  it('break no rule', () => {
    expect(importProblems(importSites(ROOT, 'web/src'))).toEqual([]);
  });

  it('have no loop', () => {
    expect(loops(importGraph(ROOT, ['web/src']))).toEqual([]);
  });
});

describe('the rules catch', () => {
  it("a feature taking another feature's helper, hook or constant, but not its component", () => {
    write('src/features/billing/summary-price.ts', 'export const summaryPrice = 1;\n');
    write('src/features/billing/AddonsCard.tsx', 'export const AddonsCard = () => null;\nexport const LIMIT = 3;\n');
    write('src/features/calculations/CalculationDetails.tsx', 'export const calculationRows = 1;\n');
    write(
      'src/features/team/AccountPage.tsx',
      [
        "import { summaryPrice } from '../billing/summary-price';",
        "import { AddonsCard, type AddonsProps, LIMIT } from '../billing/AddonsCard';",
        "import { calculationRows } from '../calculations/CalculationDetails';",
        "import { Banner } from '../../components/Banner';",
        "import { SeatPlan } from './SeatPlan';",
        '',
      ].join('\n'),
    );
    expect(importProblems(importSites(probe, 'src'))).toEqual([
      "src/features/team/AccountPage.tsx → ../billing/summary-price: another feature's internals (move what both use to components/ or lib/)",
      'src/features/team/AccountPage.tsx → ../billing/AddonsCard: takes LIMIT, not a component (move it to lib/)',
      'src/features/team/AccountPage.tsx → ../calculations/CalculationDetails: takes calculationRows, not a component (move it to lib/)',
    ]);
  });

  it('components/ or lib/ reaching up into a feature', () => {
    write('up/src/lib/nav.ts', "import { LEADS_NAV } from '../features/leads/nav';\n");
    write('up/src/features/leads/nav.ts', 'export const LEADS_NAV = [];\n');
    expect(importProblems(importSites(probe, 'up'))).toEqual([
      'up/src/lib/nav.ts → ../features/leads/nav: components/ and lib/ sit below the features and routes',
    ]);
  });

  it('a loop, type-only imports included (CalculationDetails ⇄ EvidenceRecord as it was)', () => {
    write(
      'loop/CalculationDetails.tsx',
      "import { EvidenceRecord } from './EvidenceRecord';\nexport interface CalculationEntry { id: string }\n",
    );
    write('loop/EvidenceRecord.tsx', "import type { CalculationEntry } from './CalculationDetails';\n");
    expect(loops(importGraph(probe, ['loop']))).toEqual([['loop/CalculationDetails.tsx', 'loop/EvidenceRecord.tsx']]);
  });
});
