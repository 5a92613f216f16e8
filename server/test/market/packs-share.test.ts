// Issue 14 §3, issue 22 §3: an evidence pack's share link for the prospect: what it shows, its views and e-mail,
// when it stops working, the broker's phone and the company's logo on the page and in the PDF.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@pippitch/shared/logo';
import { SHARE_LINK_MESSAGES, sharedLogoUrl } from '@pippitch/shared/pack-share';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../helpers';
import { cookieOf, HAND_WORKED, NOW, packsTestApp } from './packs-fixture';

const pk = packsTestApp();

describe('share links', () => {
  it('need no sign-in, show the pack and nothing else, log views and e-mail the broker once', async () => {
    const { h, bob, leadId } = pk;
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const link = await bob.api.packs.share.mutate({ id: pack.id });
    expect(link.url).toMatch(new RegExp(`^${h.config.publicUrl}/p/[A-Za-z0-9_-]{43}$`));
    const token = link.url.split('/p/')[1]!;
    const stranger = h.client();
    // Two views at once: one e-mail.
    const [view] = await Promise.all([
      stranger.api.packs.shared.query({ token }),
      h.client().api.packs.shared.query({ token }),
    ]);
    // No broker-side detail (the rows left out of the upload) on the prospect's page; the brokerage instead.
    expect(Object.keys(view).sort()).toEqual(
      ['brokerage', 'brokerName', 'createdAt', 'expiresAt', 'leadName', 'marginBps', 'totals', 'trades'].sort(),
    );
    expect(view.brokerage).toEqual({
      companyName: 'Acme FX',
      brokerName: view.brokerName,
      brokerEmail: 'bob@acmefx.co.uk',
      brokerPhone: null,
      hasLogo: false,
    });
    expect(view.trades).toEqual(pack.trades);
    expect(JSON.stringify(view)).not.toContain(pack.id);
    await stranger.api.packs.shared.query({ token });
    const views = () => h.t.db.selectFrom('evidence_pack_views').select('id').where('pack_id', '=', pack.id).execute();
    // The same visitor (address and browser) on the same London day is one row, however often they reload.
    expect(await views()).toHaveLength(1);
    const input = encodeURIComponent(JSON.stringify({ token }));
    const other = await fetch(`${h.url}/trpc/packs.shared?input=${input}`, {
      headers: { 'user-agent': 'Prospect Browser' },
    });
    expect(other.status).toBe(200);
    expect(await views()).toHaveLength(2);
    const mails = await h.t.db.selectFrom('email_outbox').selectAll().where('template', '=', 'pack_viewed').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'bob@acmefx.co.uk',
      subject: 'Prospect Trading Ltd opened your evidence pack',
    });
    expect((await bob.api.packs.get.query({ id: pack.id })).share).toMatchObject({ views: 2 });
  });

  it('stop working when revoked, when replaced and after 30 days', async () => {
    const { h, bob, leadId } = pk;
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    // Each closed link says why (issue 22 §3).
    const replaced = SHARE_LINK_MESSAGES.unknown;
    const tokenOf = (url: string) => url.split('/p/')[1]!;
    const first = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    const second = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    expect(await errorOf(h.client().api.packs.shared.query({ token: first }))).toEqual({
      code: 'NOT_FOUND',
      message: replaced,
    });
    await h.client().api.packs.shared.query({ token: second });
    await bob.api.packs.revokeShare.mutate({ id: pack.id });
    expect((await errorOf(h.client().api.packs.shared.query({ token: second }))).message).toBe(
      SHARE_LINK_MESSAGES.withdrawn,
    );
    expect((await bob.api.packs.get.query({ id: pack.id })).share).toBeNull();

    const third = tokenOf((await bob.api.packs.share.mutate({ id: pack.id })).url);
    h.clock.now = new Date(NOW.getTime() + 29 * 86_400_000);
    await h.client().api.packs.shared.query({ token: third });
    h.clock.now = new Date(NOW.getTime() + 30 * 86_400_000 + 1);
    expect((await errorOf(h.client().api.packs.shared.query({ token: third }))).message).toMatch(
      /^This link expired on \d{1,2} [A-Z][a-z]+ \d{4}\. Links to an evidence pack last 30 days/,
    );
    h.clock.now = NOW;
  });

  it('a malformed link gets words for the prospect, not a validation message', async () => {
    const { h } = pk;
    for (const token of ['abc', 'x'.repeat(19), 'a b c d e f g h i j k l m n o']) {
      expect(await errorOf(h.client().api.packs.shared.query({ token }))).toEqual({
        code: 'BAD_REQUEST',
        message: SHARE_LINK_MESSAGES.malformed,
      });
    }
  });

  it("carry the broker's phone from their profile, on the page and in the PDF, and never the rows left out", async () => {
    const { h, bob, leadId } = pk;
    expect((await errorOf(bob.api.packs.setContactPhone.mutate({ phone: 'call me' }))).code).toBe('BAD_REQUEST');
    await bob.api.packs.setContactPhone.mutate({ phone: ' +44 20 7946 0000 ' });
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    expect(pack.badRows.length).toBeGreaterThan(0); // the broker still sees them
    const token = (await bob.api.packs.share.mutate({ id: pack.id })).url.split('/p/')[1]!;
    const view = await h.client().api.packs.shared.query({ token });
    expect(view.brokerage.brokerPhone).toBe('+44 20 7946 0000');
    const pdf = Buffer.from(
      await (
        await fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
          headers: { cookie: cookieOf(bob) },
        })
      ).arrayBuffer(),
    );
    const dir = mkdtempSync(join(tmpdir(), 'pack-'));
    writeFileSync(join(dir, 'pack.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'pack.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Acme FX');
    expect(text).toMatch(/Prepared by .+ · bob@acmefx\.co\.uk · \+44 20 7946 0000/);
    expect(text).not.toContain('Rows left out');
    expect(text).not.toContain('Line ');
    // The chart the page shows (issue 31 §6): its heading, its bps axis, and drawn (not the 'no price' line).
    expect(text).toContain('Markup per trade (bps of the mid)');
    expect(text).toMatch(/\bbps\b/);
    expect(text).not.toContain('No trade had a price to measure against.');
    await bob.api.packs.setContactPhone.mutate({ phone: '' });
  });

  it("carry the company's logo when an admin uploads one: on the prospect's page by the link, and in the PDF", async () => {
    const { h, ada, bob, leadId } = pk;
    // A 1×1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect((await errorOf(bob.api.company.setLogo.mutate({ base64: png }))).code).toBe('FORBIDDEN');
    expect(
      await errorOf(ada.api.company.setLogo.mutate({ base64: Buffer.from('GIF89a...').toString('base64') })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: LOGO_MESSAGES.notImage,
    });
    const big = Buffer.concat([Buffer.from(png, 'base64'), Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64');
    expect((await errorOf(ada.api.company.setLogo.mutate({ base64: big }))).code).toBe('BAD_REQUEST');
    expect(await ada.api.company.setLogo.mutate({ base64: png })).toMatchObject({ hasLogo: true });
    expect(await ada.api.company.logo.query()).toEqual({ hasLogo: true });

    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const token = (await bob.api.packs.share.mutate({ id: pack.id })).url.split('/p/')[1]!;
    expect((await h.client().api.packs.shared.query({ token })).brokerage.hasLogo).toBe(true);
    const logo = await fetch(`${h.url}${sharedLogoUrl(token)}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
    expect((await fetch(`${h.url}${sharedLogoUrl('x'.repeat(43))}`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/packs/shared-logo?token=abc`)).status).toBe(404);

    const pdf = Buffer.from(
      await (
        await fetch(`${h.url}/api/packs/${pack.id}.pdf`, {
          headers: { cookie: cookieOf(bob) },
        })
      ).arrayBuffer(),
    );
    const dir = mkdtempSync(join(tmpdir(), 'pack-logo-'));
    writeFileSync(join(dir, 'pack.pdf'), pdf);
    const images = execFileSync('pdfimages', ['-list', join(dir, 'pack.pdf')], { encoding: 'utf8' });
    expect(images.trim().split('\n').length).toBeGreaterThan(2); // a header of two lines, then the logo

    await ada.api.company.setLogo.mutate({ base64: '' });
    expect((await h.client().api.packs.shared.query({ token })).brokerage.hasLogo).toBe(false);
    expect((await fetch(`${h.url}${sharedLogoUrl(token)}`)).status).toBe(404);
  });
});

describe('share links end with access (issue 30 §4)', () => {
  it('answer as an unknown link once the broker is deactivated or the company locked, and come back with access', async () => {
    const { h, ada, bob, leadId } = pk;
    const pack = await bob.api.packs.create.mutate({ leadId, csv: HAND_WORKED });
    const token = (await bob.api.packs.share.mutate({ id: pack.id })).url.split('/p/')[1]!;
    const unknown = await errorOf(h.client().api.packs.shared.query({ token: 'x'.repeat(43) }));
    expect(unknown).toEqual({ code: 'NOT_FOUND', message: SHARE_LINK_MESSAGES.unknown });
    expect(unknown.message).toMatch(/^This link is no longer available\./);
    // The lead's name while the page opens, the error once it does not.
    const page = async () => {
      try {
        return (await h.client().api.packs.shared.query({ token })).leadName;
      } catch (err) {
        return errorOf(Promise.reject(err));
      }
    };
    expect(await page()).toBe('Prospect Trading Ltd');

    const bobRow = await h.t.db
      .selectFrom('user_profiles')
      .select(['id', 'company_id'])
      .where('email', '=', 'bob@acmefx.co.uk')
      .executeTakeFirstOrThrow();
    await ada.api.team.setActive.mutate({ memberId: bobRow.id, active: false });
    expect(await page()).toEqual(unknown);
    expect((await fetch(`${h.url}${sharedLogoUrl(token)}`)).status).toBe(404);
    await ada.api.team.setActive.mutate({ memberId: bobRow.id, active: true });
    expect(await page()).toBe('Prospect Trading Ltd');

    const lock = (locked: boolean) =>
      h.t.db.updateTable('companies').set({ account_locked: locked }).where('id', '=', bobRow.company_id).execute();
    await lock(true);
    expect(await page()).toEqual(unknown);
    await lock(false);
    expect(await page()).toBe('Prospect Trading Ltd');

    // A trial that ran out locks the company as surely as the flag (shared/src/access.ts).
    const trial = await h.t.db
      .selectFrom('companies')
      .select(['subscription_status', 'trial_ends_at'])
      .where('id', '=', bobRow.company_id)
      .executeTakeFirstOrThrow();
    expect(trial.subscription_status).toBe('trialing');
    const trialEnds = (at: Date | null) =>
      h.t.db.updateTable('companies').set({ trial_ends_at: at }).where('id', '=', bobRow.company_id).execute();
    await trialEnds(new Date(NOW.getTime() - 1000));
    expect(await page()).toEqual(unknown);
    await trialEnds(trial.trial_ends_at);
    expect(await page()).toBe('Prospect Trading Ltd');

    // The broker deleted: the pack and its link go with them, for good.
    await ada.api.team.remove.mutate({ memberId: bobRow.id });
    expect(await page()).toEqual(unknown);
  });
});
