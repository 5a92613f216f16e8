import type { DB } from '@pippitch/sql';
import { Kysely, PostgresDialect } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailProvider } from '../../core/src/providers/email/index';
import { smtpEmailProvider } from '../../core/src/providers/email/smtp';
import { requestPasswordReset } from '../../core/src/services/auth/password-reset';
import { deliverDueEmails } from '../../core/src/services/email/deliver';
import { errorOf, signUp, signupInput, startTestApp, type TestApp } from './helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp({ publicUrl: 'https://app.pippitch.test' });
  await signUp(h.t.db, h.client(), signupInput());
  // The tests below count and deliver the outbox: start it without the signup's own e-mail.
  await h.t.db.deleteFrom('email_outbox').execute();
});
afterAll(() => h.close());
// Each test asks for several links for the same member: start each with fresh counters (5 an hour per address).
beforeEach(async () => {
  await h.t.db.deleteFrom('rate_limits').execute();
});

async function latestResetToken(): Promise<string> {
  const mail = await h.t.db
    .selectFrom('email_outbox')
    .select(['text_body', 'to_address', 'template'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  expect(mail.template).toBe('password_reset');
  const match = /https:\/\/app\.pippitch\.test\/reset-password#access_token=([\w-]+)&type=recovery/.exec(
    mail.text_body,
  );
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail.text_body}`);
  return match[1];
}

describe('password reset', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const c = h.client();
    const known = await c.api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const unknown = await c.api.auth.requestPasswordReset.mutate({ email: 'ghost@acmefx.co.uk' });
    expect(known).toEqual(unknown);
    expect(known.message).toBe('Password reset email sent! Check your inbox.');
    const rows = await h.t.db.selectFrom('email_outbox').select('to_address').execute();
    expect(rows.map((r) => r.to_address)).toEqual(['ada@acmefx.co.uk']);
  });

  it('asks for an e-mail first', async () => {
    const err = await errorOf(h.client().api.auth.requestPasswordReset.mutate({ email: '' }));
    expect(err.message).toBe('Please enter your email address first');
  });

  it('sets the new password once, ends open sessions, and the link then stops working', async () => {
    const signedIn = h.client();
    await signedIn.api.auth.login.mutate({ email: 'ada@acmefx.co.uk', password: 'Str0ng!pass', mode: 'admin' });
    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const token = await latestResetToken();
    const c = h.client();
    expect(await c.api.auth.checkResetToken.query({ token })).toEqual({ valid: true });
    const done = await c.api.auth.resetPassword.mutate({ token, password: 'N3w-password' });
    expect(done.message).toBe('Password updated successfully!');
    expect(await signedIn.api.auth.session.query()).toBeNull();
    await c.api.auth.login.mutate({ email: 'ada@acmefx.co.uk', password: 'N3w-password', mode: 'admin' });

    const again = await errorOf(c.api.auth.resetPassword.mutate({ token, password: 'Another-1' }));
    expect(again.message).toBe('Invalid or expired reset link. Please request a new password reset.');
    expect(await c.api.auth.checkResetToken.query({ token })).toEqual({ valid: false });
  });

  it('refuses an expired link and a short password', async () => {
    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const token = await latestResetToken();
    const short = await errorOf(h.client().api.auth.resetPassword.mutate({ token, password: 'short' }));
    expect(short.message).toBe('Password must be at least 8 characters');
    await h.t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await errorOf(h.client().api.auth.resetPassword.mutate({ token, password: 'Fine-password1' }));
    expect(expired.message).toBe('Invalid or expired reset link. Please request a new password reset.');
  });
});

describe('reset requests', () => {
  it('a new request ends no earlier link; using one ends them all (issue 30)', async () => {
    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const older = await latestResetToken();
    // Anyone may type Ada's address: their request must not end the link already in her inbox.
    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const newer = await latestResetToken();
    expect(newer).not.toBe(older);
    const c = h.client();
    expect(await c.api.auth.checkResetToken.query({ token: older })).toEqual({ valid: true });
    expect(await c.api.auth.checkResetToken.query({ token: newer })).toEqual({ valid: true });
    await c.api.auth.resetPassword.mutate({ token: older, password: 'Older-link1' });
    expect(await c.api.auth.checkResetToken.query({ token: newer })).toEqual({ valid: false });
    const err = await errorOf(c.api.auth.resetPassword.mutate({ token: newer, password: 'Newer-link1' }));
    expect(err.message).toBe('Invalid or expired reset link. Please request a new password reset.');
    await h.client().api.auth.login.mutate({ email: 'ada@acmefx.co.uk', password: 'Older-link1', mode: 'user' });
  });

  it('runs the same statements for a known and an unknown address (no timing difference to measure)', async () => {
    // The service on a database handle that records every statement it sends (same pool, same database).
    const statements: string[] = [];
    const recorded = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: h.t.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    const meta = { ip: '192.0.2.44', publicUrl: 'https://app.pippitch.test' };
    const outbox = async () => (await h.t.db.selectFrom('email_outbox').select('id').execute()).length;

    const before = await outbox();
    await requestPasswordReset(recorded, 'ada@acmefx.co.uk', meta);
    const known = statements.splice(0);
    expect(await outbox()).toBe(before + 1);

    await requestPasswordReset(recorded, 'nobody-here@acmefx.co.uk', meta);
    const unknown = statements.splice(0);
    expect(await outbox()).toBe(before + 1);

    expect(unknown).toEqual(known);
    // One transaction holding the writes (rate-limit counters in both cases): one commit each.
    expect(known[0]).toMatch(/^begin/i);
    expect(known.at(-1)).toMatch(/^commit/i);
    expect(known.some((q) => /insert into "password_reset_tokens"/i.test(q))).toBe(true);
    expect(known.some((q) => /insert into "email_outbox"/i.test(q))).toBe(true);
  });
});

describe('e-mail delivery', () => {
  it('without SMTP prints the text (with its link) outside production only', async () => {
    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const token = await latestResetToken();
    const production: string[] = [];
    const toLog = (env: 'production' | 'development', lines: string[]) =>
      createEmailProvider({ smtpUrl: undefined, env }, (l) => lines.push(l));
    await deliverDueEmails(h.t.db, toLog('production', production), 'x@y.z', (l) => production.push(l));
    expect(production.join('\n')).toContain('Reset your PipPitch password');
    expect(production.join('\n')).not.toContain(token);

    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const next = await latestResetToken();
    const development: string[] = [];
    await deliverDueEmails(h.t.db, toLog('development', development), 'x@y.z', (l) => development.push(l));
    expect(development.join('\n')).toContain(next);
  });

  it('sends queued e-mails through SMTP once, and retries later when the server is down', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push(`${session.envelope.rcptTo.map((r) => r.address).join(',')}\n${raw}`);
          done();
        });
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      await h.t.db
        .updateTable('email_outbox')
        .set({ status: 'pending', next_attempt_at: new Date(0) })
        .execute();
      const pending = await h.t.db.selectFrom('email_outbox').select('id').execute();
      const transport = smtpEmailProvider(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
      const log: string[] = [];
      await deliverDueEmails(h.t.db, transport, 'PipPitch <no-reply@pippitch.test>', (l) => log.push(l));
      expect(received).toHaveLength(pending.length);
      expect(received[0]).toContain('ada@acmefx.co.uk');
      expect(received[0]).toContain('Reset your PipPitch password');
      // Nothing is sent twice.
      await deliverDueEmails(h.t.db, transport, 'x@y.z', () => {});
      expect(received).toHaveLength(pending.length);
    } finally {
      await new Promise<void>((ok) => smtp.close(() => ok()));
    }

    await h.client().api.auth.requestPasswordReset.mutate({ email: 'ada@acmefx.co.uk' });
    const down = smtpEmailProvider(`smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=500`);
    const log: string[] = [];
    const attemptedFrom = Date.now();
    await deliverDueEmails(h.t.db, down, 'x@y.z', (l) => log.push(l));
    const row = await h.t.db
      .selectFrom('email_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    // The first retry waits 30 s from the attempt: measured from before it, so a slow machine changes nothing.
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(attemptedFrom + 30_000);
    expect(log.join('\n')).toMatch(/failed \(attempt 1 of \d+\): /);
  });
});
