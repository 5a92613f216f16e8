/** One e-mail as the outbox hands it to a provider. */
export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a monthly report's PDF). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * Where e-mail goes (design.md §2): SMTP when `SMTP_URL` is set, otherwise the log — the embedded default, which
 * keeps every message in the outbox table and prints it, so a local install can follow a reset link.
 */
export interface EmailProvider {
  /** 'sent' when the message left for its recipient, 'logged' when it was only recorded. */
  readonly outcome: 'sent' | 'logged';
  /** Human-readable, for the worker's start line. */
  readonly description: string;
  deliver(message: EmailMessage): Promise<void>;
}
