import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './types';

/** SMTP through nodemailer (`smtp://user:pass@host:587`); tests point it at a local smtp-server. */
export function smtpEmailProvider(smtpUrl: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    outcome: 'sent',
    description: 'SMTP',
    async deliver(m: EmailMessage) {
      await transport.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        attachments: m.attachments,
      });
    },
  };
}
