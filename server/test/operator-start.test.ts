import { fork } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

// Issue 22 §4: a production server without the operator's details does not start, and says why in one line — a
// JSON line at level 50, as every production log line (issue 33).
describe("a production start without the operator's details", () => {
  it('exits 1 with one JSON line naming every variable missing (no stack trace)', async () => {
    const output: string[] = [];
    const child = fork(new URL('../src/bin/server.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        PUBLIC_URL: 'https://pippitch.example',
        EMAIL_DISABLED: 'true',
        OPERATOR_NAME: 'Harbour FX Software Ltd',
        OPERATOR_EMAIL: 'hello@harbourfx.example',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    const lines = output.join('').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 50,
      name: 'server',
      msg: "Invalid configuration: production needs the operator's details for the Terms and Privacy pages; set OPERATOR_COMPANY_NUMBER, OPERATOR_ADDRESS, OPERATOR_ICO_NUMBER",
    });
  });
});
