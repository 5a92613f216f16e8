/**
 * No product source file over 300 lines (issue 24): past that a file holds more than one thing, and a newcomer
 * cannot see what. Generated files (the DB types, the route tree) are written by tools and left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TREES = ['core/src', 'server/src', 'worker/src', 'shared/src', 'sql/src', 'web/src'];
const MAX_LINES = 300;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.gen\.ts$/.test(entry.name) ? [path] : [];
  });
}

it(`no product source file is over ${MAX_LINES} lines`, () => {
  const over = TREES.flatMap((tree) => sources(join(ROOT, tree)))
    .map((path) => ({ file: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(over).toEqual([]);
});
