import type { EmailMessage, EmailProvider } from './types';

/**
 * The embedded default: nothing leaves the machine; each message stays in the outbox (status 'logged') and is
 * printed. Its text, links included, only outside production, where a log is read by more people than the member.
 */
export function logEmailProvider(log: (line: string) => void, options: { printBodies: boolean }): EmailProvider {
  return {
    outcome: 'logged',
    description: options.printBodies ? 'outbox only, printed here' : 'outbox only (set SMTP_URL to send)',
    async deliver(m: EmailMessage) {
      const files = m.attachments?.length
        ? `\n(attached: ${m.attachments.map((a) => `${a.filename}, ${a.content.length} bytes`).join('; ')})`
        : '';
      log(
        options.printBodies
          ? `e-mail (no SMTP configured) to ${m.to}: ${m.subject}\n${m.text}${files}`
          : `e-mail (no SMTP configured, not sent; set SMTP_URL) to ${m.to}: ${m.subject}${files}`,
      );
    },
  };
}
