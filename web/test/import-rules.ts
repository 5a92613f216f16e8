/**
 * The web's import rules, as a check over web/src's source text:
 * - arrows point down: routes → features → components/lib, never components/lib → features or routes;
 * - a feature may render another feature's component (the dashboard shows the report card), but never take its
 *   helpers, hooks, constants or data — what two features share lives in components/ or lib/. So an import from
 *   another feature must name a PascalCase `.tsx` file, and every value it takes must be a component (PascalCase;
 *   type-only names are its props and pass);
 * - no import loop (web/test/import-rules.test.ts runs `loops` from the server's import graph over web/src).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

export interface ImportSite {
  file: string;
  spec: string;
  /** The file it names, relative to the tree's root, without extension. */
  target: string;
  /** Values taken (the default import under its local name); type-only names are left out. */
  values: string[];
}

const IMPORT = /import\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) out.push(path);
  }
  return out;
}

function valuesOf(typeOnly: boolean, clause: string): string[] {
  if (typeOnly) return [];
  const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
  const values = named
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => s.split(/\s+as\s+/)[0] ?? s);
  const byDefault = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim();
  if (byDefault && !byDefault.startsWith('*')) values.push(byDefault);
  return values;
}

/** Every relative import in the files under `root`/`dir`, keyed by paths relative to `root`. */
export function importSites(root: string, dir: string): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const path of sourceFiles(join(root, dir))) {
    const file = relative(root, path).split(sep).join('/');
    for (const m of readFileSync(path, 'utf8').matchAll(IMPORT)) {
      const spec = m[3] ?? m[4] ?? '';
      const target = relative(root, resolve(dirname(path), spec))
        .split(sep)
        .join('/');
      // A lazy import() loads a whole module: its file name says whether it is a component.
      sites.push({ file, spec, target, values: m[4] ? [] : valuesOf(Boolean(m[1]), m[2] ?? '') });
    }
  }
  return sites;
}

const AREA = /^(?:.*\/)?src\/(features\/[^/]+|components|lib|routes)\//;
const areaOf = (path: string) => AREA.exec(`${path}/`)?.[1];
const isComponentName = (name: string) => /^[A-Z][a-z0-9]/.test(name) || /^[A-Z]$/.test(name);

/** Each import that breaks a rule above, as 'file → spec: why'. */
export function importProblems(sites: ImportSite[]): string[] {
  const problems: string[] = [];
  for (const site of sites) {
    const from = areaOf(site.file);
    const to = areaOf(site.target);
    if (!from || !to || from === to) continue;
    const at = `${site.file} → ${site.spec}`;
    if ((from === 'components' || from === 'lib') && (to.startsWith('features/') || to === 'routes')) {
      problems.push(`${at}: components/ and lib/ sit below the features and routes`);
    } else if (from.startsWith('features/') && to === 'routes') {
      problems.push(`${at}: features sit below the routes`);
    } else if (from.startsWith('features/') && to.startsWith('features/')) {
      if (!isComponentName(basename(site.target))) {
        problems.push(`${at}: another feature's internals (move what both use to components/ or lib/)`);
      } else {
        const taken = site.values.filter((v) => !isComponentName(v));
        if (taken.length) problems.push(`${at}: takes ${taken.join(', ')}, not a component (move it to lib/)`);
      }
    }
  }
  return problems;
}
