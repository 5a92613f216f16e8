import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../core/src/services/auth/sessions';
import { addMember, signUp, signupInput, startTestApp, type TestApp } from './helpers';
import { type ProcedureDef, plausible, procedures } from './procedure-walk';

// Every procedure of the router — found by walking it, so a procedure added later is covered without editing
// this file — called with malformed input as three identities. The rule (design.md §5): bad input gets a clear
// 4xx, never a 5xx, and the server still answers afterwards.

const MEGABYTE = 'x'.repeat(1_048_576);
let deep: unknown = 'bottom';
for (let i = 0; i < 200; i++) deep = { nested: deep };

/** Values that have broken servers: control characters, sizes, scripts, numbers at the edges, impossible dates. */
const NASTY: [string, unknown][] = [
  ['NUL', '\u0000'],
  ['NUL inside', 'Acme\u0000Ltd'],
  ['1 MB string', MEGABYTE],
  ['RTL override', '\u202Eevil\u202C مرحبا بالعالم'],
  // Issue 30: what a name must never carry (a header or a row break in an e-mail subject, a CSV, a PDF).
  ['CR/LF header', 'Acme\r\nBcc: everyone@example.com'],
  ['C1 next-line', 'Acme\u0085Ltd'],
  ['line separator', 'Acme\u2028Ltd'],
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

type Shape = ReturnType<typeof shapesFor>[number];

/** Inputs whose JSON stays this short go in batches: ten of them in a GET's URL fit well under Node's 16 kB header. */
const BATCHABLE_JSON = 1_000;

/** The shapes to send alone and the rest in batches of at most ten. */
function batchable(path: string, def: ProcedureDef, shapes: Shape[]): { alone: Shape[]; batches: Shape[][] } {
  const alone: Shape[] = [];
  const small: Shape[] = [];
  for (const shape of shapes) {
    const json = shape.input === undefined ? undefined : JSON.stringify(shape.input);
    // A logout ends the session the rest of its batch would carry; a subscription streams instead of answering.
    const single =
      shape.raw !== undefined ||
      json === undefined ||
      json.length > BATCHABLE_JSON ||
      path === 'auth.logout' ||
      def.type === 'subscription';
    (single ? alone : small).push(shape);
  }
  const batches: Shape[][] = [];
  for (let i = 0; i < small.length; i += 10) batches.push(small.slice(i, i + 10));
  return { alone, batches };
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

/** Several inputs to one procedure as one tRPC batch; the HTTP status and each call's status. */
async function callBatch(
  path: string,
  type: ProcedureDef['type'],
  inputs: unknown[],
  token: string | null,
): Promise<{ status: number; calls: number[] }> {
  const headers: Record<string, string> = token ? { cookie: `${SESSION_COOKIE}=${token}` } : {};
  const paths = inputs.map(() => path).join(',');
  const json = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [String(i), input])));
  const abort = new AbortController();
  try {
    const res =
      type === 'mutation'
        ? await fetch(`${h.url}/trpc/${paths}?batch=1`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: json,
            signal: abort.signal,
          })
        : await fetch(`${h.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(json)}`, {
            headers,
            signal: abort.signal,
          });
    if (res.headers.get('content-type')?.includes('text/event-stream')) return { status: res.status, calls: [] };
    const body = (await res.json().catch(() => null)) as unknown;
    const calls = Array.isArray(body)
      ? body.map((c: { error?: { data?: { httpStatus?: number } } }) => c.error?.data?.httpStatus ?? 200)
      : [];
    return { status: res.status, calls };
  } finally {
    abort.abort();
  }
}

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput());
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
    expect(procedures.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'margin.updatePolicy',
        'margin.requestApproval',
        'margin.requestPackApproval',
        'margin.decide',
        'margin.withdraw',
        'margin.standing',
        'margin.pitch',
        'margin.conceded',
        'margin.concededBy',
        // Issue 30: the unlock link's two procedures, and the two whose rules changed.
        'auth.requestSignInUnlock',
        'auth.unlockSignIn',
        'auth.login',
        'packs.shared',
        // Issue 30's new and changed procedures.
        'auth.signup',
        'auth.confirmSignup',
        'auth.checkSignupLink',
        'auth.requestPasswordReset',
        'join.accept',
        'leads.add',
        'finder.similar',
        'invitations.send',
        'invitations.resend',
        'seats.save',
        'seats.saveFromAccount',
      ]),
    );
  });

  it('sign-in takes any device cookie (issue 30 §2) without a 5xx: garbage is an unknown client', async () => {
    const member = await h.t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('email', '=', 'fuzz-broker@acmefx.co.uk')
      .executeTakeFirstOrThrow();
    const cookies = [
      // The string values a header can carry (a lone surrogate cannot be encoded at all).
      ...NASTY.filter(([label, v]) => typeof v === 'string' && label !== 'lone surrogate').map(([, v]) =>
        encodeURIComponent(v as string),
      ),
      `${member.id}`,
      `${member.id}.`,
      `${member.id}..`,
      `${member.id}.nonce.${'A'.repeat(43)}`,
      `${member.id}.${'n'.repeat(500)}.sig`,
      '~'.repeat(5000),
      Array.from({ length: 300 }, () => `${member.id}.a.b`).join('~'),
      '%E0%A4%A',
    ];
    const failures: string[] = [];
    for (const value of cookies) {
      const res = await fetch(`${h.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `pp_device=${value}` },
        body: JSON.stringify({ email: 'fuzz-broker@acmefx.co.uk', password: 'wrong', mode: 'user' }),
      });
      // 401 or 429 as a stranger; 431 for a cookie beyond Node's header size; never a 5xx.
      if (res.status >= 500) failures.push(`${value.slice(0, 40)} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(procedures.map((p) => [p.path, p.def] as const))(
    '%s',
    async (path, def) => {
      const shapes = shapesFor(def);
      expect(shapes.length).toBeGreaterThanOrEqual(30);
      const failures: string[] = [];
      // The admin (with both add-ons) reaches every input check; a broker and an anonymous caller get whole shapes.
      // The admin's small shapes go ten to a tRPC batch (each call is parsed, checked and answered on its own, as
      // the batch test below shows), which keeps every shape for a tenth of the round trips (issue 36 §5); raw
      // bodies, shapes too big for a URL and anything the batch cannot answer call by call go alone.
      const { alone, batches } = batchable(path, def, shapes);
      for (const batch of batches) {
        const res = await callBatch(
          path,
          def.type,
          batch.map((shape) => shape.input),
          tokens.admin || (await freshSession('admin')),
        );
        if (res.calls.length !== batch.length) alone.push(...batch);
        else
          res.calls.forEach((status, i) => {
            if (status >= 500 || res.status >= 500) failures.push(`admin · ${batch[i]!.label} → ${status} (batch)`);
          });
      }
      for (const shape of alone) {
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
      // The same as batches (one request, ten calls): each call answered on its own, none with a 5xx; one more
      // call than the cap is refused whole with 400.
      const batchInputs = NASTY.slice(0, 10).map(([, input]) => input);
      for (const who of ['admin', null] as const) {
        const token = who ? await freshSession('admin') : null;
        const res = await callBatch(path, def.type, batchInputs, token);
        if (res.status >= 500 || res.calls.some((c) => c >= 500)) {
          failures.push(`${who ?? 'anonymous'} · batch of 10 → ${res.status} [${res.calls.join(',')}]`);
        }
      }
      const over = await callBatch(path, def.type, Array(11).fill({}), await freshSession('admin'));
      if (over.status !== 400) failures.push(`batch of 11 → ${over.status}, expected 400`);
      await freshSession('admin');
      expect(failures).toEqual([]);
      // ...and the server still answers.
      expect((await fetch(`${h.url}/api/health`)).status).toBe(200);
    },
    300_000,
  );
});
