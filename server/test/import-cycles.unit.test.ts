/**
 * Every arrow points down: no import loop between files of the server, the worker or shared, and none between the
 * folders of the server's services/ (a loop there, team → billing → team, shows in no single pair of files).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, loops, serviceAreaGraph } from './import-graph';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TREES = ['core/src', 'server/src', 'worker/src', 'shared/src'];
const probe = mkdtempSync(join(tmpdir(), 'import-loops-'));

afterAll(() => rmSync(probe, { recursive: true, force: true }));

function write(path: string, source: string) {
  mkdirSync(dirname(join(probe, path)), { recursive: true });
  writeFileSync(join(probe, path), source);
}

describe('import loops', () => {
  it('the server, the worker and shared have none between files', () => {
    expect(loops(importGraph(ROOT, TREES))).toEqual([]);
  });

  it("the core's services/ folders have none between them", () => {
    expect(loops(serviceAreaGraph(importGraph(ROOT, ['core/src'])))).toEqual([]);
  });

  it('a type-only loop through a third file is caught', () => {
    write('a/save.ts', "import { evidence } from './evidence';\nexport interface Quote { mid: number }\n");
    write('a/evidence.ts', "import { convert } from './convert';\nexport const evidence = convert;\n");
    write('a/convert.ts', "import type { Quote } from './save';\nexport const convert = (q: Quote) => q;\n");
    write('a/leaf.ts', "import { evidence } from './evidence';\nexport const leaf = evidence;\n");
    expect(loops(importGraph(probe, ['a']))).toEqual([['a/convert.ts', 'a/evidence.ts', 'a/save.ts']]);
  });

  it('a loop between two services folders is caught though no two files import each other', () => {
    write('b/services/team/seat-change.ts', "import { sync } from '../billing/sync';\nexport const c = sync;\n");
    write('b/services/team/seat-usage.ts', 'export const usage = 1;\n');
    write('b/services/billing/sync.ts', 'export const sync = 1;\n');
    write('b/services/billing/checkout.ts', "import { usage } from '../team/seat-usage';\nexport const u = usage;\n");
    const graph = importGraph(probe, ['b']);
    expect(loops(graph)).toEqual([]);
    expect(loops(serviceAreaGraph(graph))).toEqual([['b/services/billing', 'b/services/team']]);
  });
});
