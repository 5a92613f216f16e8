import { type ChildProcess, fork } from 'node:child_process';
import { waitFor } from './wait';

/** A worker process running test jobs (jobs-process.ts), with what it said over IPC and on stdout. */
export interface WorkerProcess {
  child: ChildProcess;
  messages: string[];
  output: string[];
  /** SIGTERM, then the exit code (null if it had to be killed). */
  terminate(): Promise<number | null>;
}

export async function startWorkerProcess(
  url: string,
  name: string,
  jobs: string[],
  mode: 'plain' | 'barrier' = 'plain',
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = fork(new URL('./jobs-process.ts', import.meta.url), [url, name, mode, jobs.join(',')], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const messages: string[] = [];
  const output: string[] = [];
  child.on('message', (m) => messages.push(String(m)));
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  await waitFor(`${name} to start`, () => {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${output.join('')}`);
    return messages.includes('ready');
  });
  return {
    child,
    messages,
    output,
    async terminate() {
      if (!child.killed && child.exitCode === null) child.kill('SIGTERM');
      // Bounded: a process that does not stop within 20 s is killed, and its null exit code fails the test.
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
