/**
 * The relative imports between a tree's TypeScript files, and the loops among them: a file loop (a ⇄ b, however
 * long, type-only imports included — a type loop still ties two files together) and a loop between the folders
 * of `services/` (team → billing → team), which no file loop shows. Small on purpose: no dependency for one check.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
}

/** Files are keyed by their path relative to `root`. */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((d) => sourceFiles(join(root, d)))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1] ?? m[2] ?? ''))
      .filter((p): p is string => p !== undefined)
      .map((p) => relative(root, p));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected parts with more than one member (Tarjan), each sorted: every one is a loop. */
export function loops(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The graph between the folders directly under each `services/` (files elsewhere are left out). */
export function serviceAreaGraph(graph: ImportGraph): ImportGraph {
  const area = (file: string) => {
    const parts = file.split(sep);
    const i = parts.indexOf('services');
    return i >= 0 && parts.length > i + 2 ? parts.slice(0, i + 2).join('/') : undefined;
  };
  const areas: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = area(file);
    if (!from) continue;
    const to = targets.map(area).filter((a): a is string => a !== undefined && a !== from);
    areas.set(from, [...new Set([...(areas.get(from) ?? []), ...to])]);
  }
  return areas;
}
