import { logEmailProvider } from './log';
import { smtpEmailProvider } from './smtp';
import type { EmailProvider } from './types';

export type { EmailMessage, EmailProvider } from './types';

/** SMTP when configured, else the log; message texts are printed outside production only. */
export function createEmailProvider(
  config: { smtpUrl: string | undefined; env: 'development' | 'production' | 'test' },
  log: (line: string) => void,
): EmailProvider {
  if (config.smtpUrl) return smtpEmailProvider(config.smtpUrl);
  return logEmailProvider(log, { printBodies: config.env !== 'production' });
}
