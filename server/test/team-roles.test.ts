import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, errorOf, signedIn, signUp, signupInput, startTestApp, type TestApp } from './helpers';

// The role hierarchy (shared/src/roles.ts) on the real procedures: nobody acts on the owner or on themself.
let h: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startTestApp();
  await signUp(h.t.db, h.client(), signupInput({ adminSeats: 3 }));
  // ada@acmefx.co.uk signed the company up; she is its owner.
  ids.owner = (
    await h.t.db
      .updateTable('user_profiles')
      .set({ role_type: 'super_admin' })
      .where('email', '=', 'ada@acmefx.co.uk')
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.admin = await addMember(h, 'Acme FX', 'admin@acmefx.co.uk', 'admin');
  ids.admin2 = await addMember(h, 'Acme FX', 'admin2@acmefx.co.uk', 'admin');
  ids.broker = await addMember(h, 'Acme FX', 'broker@acmefx.co.uk', 'junior');
});
afterAll(() => h.close());

describe('who may deactivate whom', () => {
  it('an admin cannot deactivate the owner, whose sessions stay open', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const err = await errorOf(admin.api.team.setActive.mutate({ memberId: ids.owner!, active: false }));
    expect(err).toMatchObject({ code: 'FORBIDDEN', message: 'The account owner cannot be deactivated' });
    expect(await owner.api.auth.session.query()).not.toBeNull();
    const row = await h.t.db
      .selectFrom('user_profiles')
      .select('is_active')
      .where('id', '=', ids.owner!)
      .executeTakeFirst();
    expect(row?.is_active).toBe(true);
  });

  it('nobody deactivates themself, the owner included', async () => {
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    expect(await errorOf(owner.api.team.setActive.mutate({ memberId: ids.owner!, active: false }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot deactivate your own account',
    });
    expect(await errorOf(admin.api.team.setActive.mutate({ memberId: ids.admin!, active: false }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot deactivate your own account',
    });
  });

  it('an admin manages brokers and other admins; the owner manages admins', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    await admin.api.team.setActive.mutate({ memberId: ids.broker!, active: false });
    await admin.api.team.setActive.mutate({ memberId: ids.broker!, active: true });
    await admin.api.team.setActive.mutate({ memberId: ids.admin2!, active: false });
    const owner = await signedIn(h, 'ada@acmefx.co.uk', 'admin');
    await owner.api.team.setActive.mutate({ memberId: ids.admin2!, active: true });
    await owner.api.team.setActive.mutate({ memberId: ids.admin!, active: false });
    await owner.api.team.setActive.mutate({ memberId: ids.admin!, active: true });
  });

  it('the member list offers the action only where the server allows it', async () => {
    const admin = await signedIn(h, 'admin@acmefx.co.uk', 'admin');
    const list = await admin.api.team.members.query();
    const can = Object.fromEntries(list.map((m) => [m.email, m.canToggleActive]));
    expect(can).toEqual({
      'ada@acmefx.co.uk': false,
      'admin@acmefx.co.uk': false,
      'admin2@acmefx.co.uk': true,
      'broker@acmefx.co.uk': true,
    });
  });

  it('a broker acts on nobody', async () => {
    const broker = await signedIn(h, 'broker@acmefx.co.uk');
    expect((await errorOf(broker.api.team.setActive.mutate({ memberId: ids.admin2!, active: false }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
