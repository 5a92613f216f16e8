import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, deliverDueEmails } from '../src/services/email/deliver';
import { errorOf, signupInput, startTestApp, type TestApp } from './helpers';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp({ publicUrl: 'https://app.pippitch.test' });
  await h.client().api.auth.signup.mutate(signupInput());
});
afterAll(() => h.close());

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

describe('e-mail delivery', () => {
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
      const transport = createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
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
    const down = createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=500`);
    const log: string[] = [];
    await deliverDueEmails(h.t.db, down, 'x@y.z', (l) => log.push(l));
    const row = await h.t.db
      .selectFrom('email_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(log.join('\n')).toMatch(/failed \(attempt 1\)/);
  });
});
