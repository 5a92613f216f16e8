import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/api/trpc/router';
import { createSession, SESSION_COOKIE } from '../src/services/auth/sessions';
import { addMember, signupInput, startTestApp, type TestApp } from './helpers';

// Every procedure of the router — found by walking it, so a procedure added later is covered without editing
// this file — called with malformed input as three identities. The rule (design.md §5): bad input gets a clear
// 4xx, never a 5xx, and the server still answers afterwards.

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: { safeParse(v: unknown): { success: boolean }; _zod?: { def: ZodDef } }[];
}
interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  innerType?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  in?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  entries?: Record<string, string>;
  values?: unknown[];
}

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures,
).map(([path, p]) => ({ path, def: p._def }));

const MEGABYTE = 'x'.repeat(1_048_576);
let deep: unknown = 'bottom';
for (let i = 0; i < 200; i++) deep = { nested: deep };

/** Values that have broken servers: control characters, sizes, scripts, numbers at the edges, impossible dates. */
const NASTY: [string, unknown][] = [
  ['NUL', '\u0000'],
  ['NUL inside', 'Acme\u0000Ltd'],
  ['1 MB string', MEGABYTE],
  ['RTL override', '\u202Eevil\u202C مرحبا بالعالم'],
  ['emoji', '👨‍👩‍👧‍👦🚀💷'],
  ['lone surrogate', '\uD800'],
  ['empty', ''],
  ['spaces', '   '],
  ['null', null],
  ['true', true],
  ['negative', -1],
  ['zero', 0],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['max safe integer', 9007199254740991],
  ['fraction', 1.5],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['impossible date', '2025-02-30'],
  ['9999-99-99', '9999-99-99'],
  ['0000-00-00', '0000-00-00'],
  ['script', '<script>alert(1)</script>'],
  ['SQL', "' OR 1=1; DROP TABLE companies; --"],
  ['path', '../../../etc/passwd'],
  ['nested object', { a: { b: { c: [1, 'x', null] } } }],
  ['array', [1, 'a', null, { x: 1 }]],
  ['long array', Array.from({ length: 20_000 }, (_, i) => i)],
  ['deep nesting', deep],
];

/** Whole-input shapes besides the values above: a body that is not JSON at all, NaN and Infinity literals. */
const RAW_BODIES: [string, string][] = [
  ['invalid JSON', '{"broken": '],
  ['NaN literal', '{"value": NaN}'],
  ['Infinity literal', '{"value": Infinity}'],
  ['prototype key', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
];

/** A plausible value for a schema, so that mutating one key at a time reaches the checks behind the first. */
function plausible(def: ZodDef | undefined, schema?: { safeParse(v: unknown): { success: boolean } }): unknown {
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([k, v]) => [k, plausible(v._zod.def, v as never)]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'nonoptional':
      return plausible(def.innerType?._zod.def, def.innerType as never);
    case 'pipe':
      return plausible(def.in?._zod.def, def.in as never);
    case 'union':
      return plausible(def.options?.[0]?._zod.def, def.options?.[0] as never);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [plausible(def.element?._zod.def, def.element as never)];
    case 'boolean':
      return true;
    case 'number':
      return [1, 52, 0].find((n) => !schema || schema.safeParse(n).success) ?? 1;
    case 'string':
      return (
        [
          'Acme Ltd',
          randomUUID(),
          'someone@example.co.uk',
          '2025-03-30',
          '12:00',
          '1.2700',
          'monthly',
          'x'.repeat(40),
        ].find((s) => !schema || schema.safeParse(s).success) ?? 'x'
      );
    default:
      return 'x';
  }
}

/** Every shape to send to one procedure: whole inputs, then each key of a plausible input replaced in turn. */
function shapesFor(def: ProcedureDef): { label: string; input?: unknown; raw?: string }[] {
  const shapes: { label: string; input?: unknown; raw?: string }[] = [
    { label: 'no input', input: undefined },
    { label: 'empty object', input: {} },
    ...NASTY.map(([label, input]) => ({ label: `whole input: ${label}`, input })),
    ...RAW_BODIES.map(([label, raw]) => ({ label, raw })),
  ];
  const schema = def.inputs[0];
  const base = plausible(schema?._zod?.def, schema);
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    shapes.push({ label: 'plausible input', input: base });
    shapes.push({ label: 'extra keys', input: { ...base, extra: 'x', companyId: randomUUID(), role: 'super_admin' } });
    for (const key of Object.keys(base)) {
      const { [key]: _dropped, ...missing } = base as Record<string, unknown>;
      shapes.push({ label: `missing ${key}`, input: missing });
      for (const [label, value] of NASTY) shapes.push({ label: `${key}: ${label}`, input: { ...base, [key]: value } });
    }
  }
  return shapes;
}

let h: TestApp;
const tokens: Record<'admin' | 'broker', string> = { admin: '', broker: '' };
const userIds: Record<'admin' | 'broker', string> = { admin: '', broker: '' };

/** A fresh session for the identity (a procedure such as auth.logout may have ended the last one). */
async function freshSession(who: 'admin' | 'broker'): Promise<string> {
  const { token } = await createSession(h.t.db, userIds[who], { userAgent: 'fuzz' });
  tokens[who] = token;
  return token;
}

async function call(
  path: string,
  type: ProcedureDef['type'],
  shape: { input?: unknown; raw?: string },
  token: string | null,
): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = token ? { cookie: `${SESSION_COOKIE}=${token}` } : {};
  const text = shape.raw ?? (shape.input === undefined ? undefined : JSON.stringify(shape.input));
  const abort = new AbortController();
  try {
    let res: Response;
    if (type === 'mutation') {
      res = await fetch(`${h.url}/trpc/${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: text ?? '',
        signal: abort.signal,
      });
    } else {
      const query = text === undefined ? '' : `?input=${encodeURIComponent(text)}`;
      res = await fetch(`${h.url}/trpc/${path}${query}`, { headers, signal: abort.signal });
    }
    // A subscription over HTTP streams events: its status line is what counts, then it is closed.
    const body = res.headers.get('content-type')?.includes('text/event-stream') ? '' : await res.text();
    return { status: res.status, body };
  } finally {
    abort.abort();
  }
}

beforeAll(async () => {
  h = await startTestApp();
  await h.client().api.auth.signup.mutate(signupInput());
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: true, client_data_enabled: true })
    .where('name', '=', 'Acme FX')
    .execute();
  userIds.admin = await addMember(h, 'Acme FX', 'fuzz-admin@acmefx.co.uk', 'admin');
  userIds.broker = await addMember(h, 'Acme FX', 'fuzz-broker@acmefx.co.uk', 'junior');
});
afterAll(() => h?.close());

describe('every procedure refuses malformed input without a 5xx', () => {
  it('finds the procedures in the router', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(20);
    expect(procedures.map((p) => p.path)).toContain('calculator.save');
  });

  it.each(procedures.map((p) => [p.path, p.def] as const))(
    '%s',
    async (path, def) => {
      const shapes = shapesFor(def);
      expect(shapes.length).toBeGreaterThanOrEqual(30);
      const failures: string[] = [];
      // The admin (with both add-ons) reaches every input check; a broker and an anonymous caller get whole shapes.
      for (const shape of shapes) {
        const res = await call(path, def.type, shape, tokens.admin || (await freshSession('admin')));
        if (res.status >= 500) failures.push(`admin · ${shape.label} → ${res.status} ${res.body.slice(0, 200)}`);
        if (path === 'auth.logout') await freshSession('admin');
      }
      for (const shape of shapes.slice(0, NASTY.length + 2)) {
        for (const who of ['broker', null] as const) {
          const token = who ? tokens.broker || (await freshSession('broker')) : null;
          const res = await call(path, def.type, shape, token);
          if (res.status >= 500) failures.push(`${who ?? 'anonymous'} · ${shape.label} → ${res.status}`);
          if (who && path === 'auth.logout') await freshSession('broker');
        }
      }
      expect(failures).toEqual([]);
      // ...and the server still answers.
      expect((await fetch(`${h.url}/api/health`)).status).toBe(200);
    },
    300_000,
  );
});
