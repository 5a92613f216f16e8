/**
 * Tenant scope by construction (issue 36 §2): a query of core/src/queries takes a `Scope`, and a Scope is made only
 * from an Actor (`scopeOf`) or a named system task (`systemScope`). The lines marked @ts-expect-error are checked by
 * `pnpm typecheck`: if the compiler ever accepted them (a scope written by hand, a bare company id), the check fails
 * with 'Unused @ts-expect-error directive'. The last test keeps the only cast to Scope in scope.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@pippitch/sql';
import { describe, expect, it } from 'vitest';
import { type Scope, scopeOf, systemScope } from '../../core/src/queries/scope';
import { listMemberRecords } from '../../core/src/queries/team/members';
import type { Actor } from '../../core/src/services/actor';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const actor: Actor = { userId: 'u-1', companyId: 'c-1', role: 'admin' };

/** Calls made only for the compiler to judge; never run. */
function compileOnly(db: Database): void {
  // @ts-expect-error a company id from the browser is not a scope
  void listMemberRecords(db, 'c-2');
  // @ts-expect-error nor is an object shaped like one
  void listMemberRecords(db, { companyId: 'c-2', userId: null, by: 'member' });
  // @ts-expect-error nor an actor itself: the scope is made from it, in one place
  void listMemberRecords(db, actor);
  // @ts-expect-error a system scope names a task the list knows
  void systemScope('system:anything', 'c-2');
  void listMemberRecords(db, scopeOf(actor));
  void listMemberRecords(db, systemScope('system:retention', 'c-2'));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('a query scope', () => {
  it('comes from the actor: their company and them', () => {
    expect(compileOnly).toBeTypeOf('function');
    const scope: Scope = scopeOf(actor);
    expect(scope).toEqual({ companyId: 'c-1', userId: 'u-1', by: 'member' });
    expect(systemScope('system:reports', 'c-9')).toEqual({ companyId: 'c-9', userId: null, by: 'system:reports' });
  });

  it('is cast to nowhere but in scope.ts', () => {
    const casts = ['core/src', 'server/src', 'worker/src']
      .flatMap((tree) => filesUnder(join(ROOT, tree)))
      .filter((file) => /\bas Scope\b|<Scope>/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(casts).toEqual(['core/src/queries/scope.ts']);
  });
});
