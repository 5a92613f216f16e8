/**
 * Names never carry control characters (issue 30): every procedure that takes a company's, a person's, a client's
 * or a lead's name refuses CR/LF, tabs, C1 controls and bidirectional overrides with one clear message per field,
 * and stores nothing. The rule is shared/src/input.ts `nameText`; the database has the same rule as a backstop.
 */

import { randomUUID } from 'node:crypto';
import { NAME_CHARACTER_MESSAGE } from '@pippitch/shared/input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmInput,
  errorOf,
  ownerOfNewCompany,
  STRONG_PASSWORD,
  signupInput,
  signupLinkToken,
  startTestApp,
  type TestApp,
  type TestClient,
  WORKED,
} from './helpers';

const BAD: [string, string][] = [
  ['CR/LF', 'Acme\r\nBcc: everyone@example.com'],
  ['LF alone', 'Acme\nLtd'],
  ['tab', 'Acme\tLtd'],
  ['C1 next-line', 'Acme\u0085Ltd'],
  ['bidi override', 'Acme\u202Egnp.exe'],
  ['line separator', 'Acme\u2028Ltd'],
  ['trailing CR/LF', 'Acme Ltd\r\n'],
];

let h: TestApp;
let owner: TestClient;
beforeAll(async () => {
  h = await startTestApp();
  const made = await ownerOfNewCompany(h, 'Names Check');
  owner = made.c;
  await h.t.db
    .updateTable('companies')
    .set({ company_finder_enabled: true })
    .where('id', '=', made.companyId)
    .execute();
});
afterAll(() => h.close());

/** Each name field: how to send `name` in it, and the label its message starts with. */
const FIELDS: { field: string; label: string; send: (name: string) => Promise<unknown> }[] = [
  {
    field: 'signup companyName',
    label: 'Company name',
    send: (n) => h.client().api.auth.signup.mutate(signupInput({ companyName: n })),
  },
  {
    field: 'signup fullName',
    label: 'Full name',
    send: (n) => h.client().api.auth.signup.mutate(signupInput({ fullName: n })),
  },
  {
    field: 'confirmSignup companyName',
    label: 'Company name',
    send: (n) => h.client().api.auth.confirmSignup.mutate(confirmInput('a'.repeat(43), { companyName: n })),
  },
  {
    field: 'join firstName',
    label: 'First name',
    send: (n) =>
      h.client().api.join.accept.mutate({
        token: 'a'.repeat(43),
        firstName: n,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      }),
  },
  {
    field: 'calculator clientName',
    label: 'Client name',
    send: (n) => owner.api.calculator.save.mutate({ ...WORKED, id: randomUUID(), clientName: n }),
  },
  {
    field: 'calculator forCompany',
    label: 'Company name',
    send: (n) => owner.api.calculator.forCompany.query({ companyName: n }),
  },
  {
    field: 'leads add',
    label: 'Company name',
    send: (n) => owner.api.leads.add.mutate({ name: n, source: 'manual_search' }),
  },
  { field: 'finder similar', label: 'Client name', send: (n) => owner.api.finder.similar.mutate({ companyName: n }) },
  {
    field: 'margin pitchesToClient',
    label: 'Company name',
    send: (n) => owner.api.margin.pitchesToClient.query({ companyName: n }),
  },
];

describe('every name field', () => {
  for (const { field, label, send } of FIELDS) {
    it(`${field} refuses control characters with a clear message`, async () => {
      for (const [what, name] of BAD) {
        const err = await errorOf(send(name));
        expect({ what, ...err }).toEqual({ what, message: `${label} ${NAME_CHARACTER_MESSAGE}`, code: 'BAD_REQUEST' });
      }
    });
  }

  it('stored nothing from any of them, and still takes plain names, accents and emoji', async () => {
    const dirty = await h.t.db
      .selectFrom('companies')
      .select('name')
      .where((eb) => eb.or([eb('name', 'like', 'Acme%'), eb('name', 'like', '%\r%')]))
      .execute();
    expect(dirty).toEqual([]);
    expect(await h.t.db.selectFrom('user_leads').select('id').execute()).toEqual([]);
    await owner.api.leads.add.mutate({ name: 'Zoë & Søn Ltd 🚀', source: 'manual_search' });
    const lead = await h.t.db.selectFrom('user_leads').select('custom_name').executeTakeFirstOrThrow();
    expect(lead.custom_name).toBe('Zoë & Søn Ltd 🚀');
    await h.client().api.auth.signup.mutate(signupInput({ email: 'plain@names.io', fullName: 'Renée O’Brien' }));
    expect(await signupLinkToken(h.t.db, 'plain@names.io')).toMatch(/^[\w-]{43}$/);
  });
});
