import type { Database } from '@pippitch/sql';
import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';

const MAX_ATTEMPTS = 8;

export function createTransport(smtpUrl: string | undefined): Transporter | null {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
}

export interface DeliveryOptions {
  /**
   * With no SMTP: print each message's text, links included, so a local install can follow a reset link.
   * Never in production, where a log is read by more people than the member (and kept): there only the
   * recipient and subject are printed.
   */
  printBodies: boolean;
}

/** Printing bodies is for development machines only (see DeliveryOptions). */
export function deliveryOptions(env: 'development' | 'production' | 'test'): DeliveryOptions {
  return { printBodies: env !== 'production' };
}

/**
 * Sends what is due in the outbox. With no SMTP configured each message is marked 'logged' and printed
 * (with its text only outside production). Rows are claimed with SKIP LOCKED so several workers never
 * send the same message twice.
 */
export async function deliverDueEmails(
  db: Database,
  transport: Transporter | null,
  from: string,
  log: (line: string) => void,
  options: DeliveryOptions = { printBodies: false },
): Promise<number> {
  let processed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const msg = await trx
        .selectFrom('email_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('created_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!msg) return false;
      if (!transport) {
        log(
          options.printBodies
            ? `e-mail (no SMTP configured) to ${msg.to_address}: ${msg.subject}\n${msg.text_body}`
            : `e-mail (no SMTP configured, not sent; set SMTP_URL) to ${msg.to_address}: ${msg.subject}`,
        );
        await trx
          .updateTable('email_outbox')
          .set({ status: 'logged', sent_at: new Date() })
          .where('id', '=', msg.id)
          .execute();
        return true;
      }
      try {
        await transport.sendMail({
          from,
          to: msg.to_address,
          subject: msg.subject,
          html: msg.html,
          text: msg.text_body,
        });
        await trx
          .updateTable('email_outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: msg.attempts + 1 })
          .where('id', '=', msg.id)
          .execute();
      } catch (err) {
        const attempts = msg.attempts + 1;
        const retryIn = Math.min(3600, 15 * 2 ** attempts);
        log(`e-mail to ${msg.to_address} failed (attempt ${attempts}): ${(err as Error).message}`);
        await trx
          .updateTable('email_outbox')
          .set({
            attempts,
            last_error: (err as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_at: new Date(Date.now() + retryIn * 1000),
          })
          .where('id', '=', msg.id)
          .execute();
      }
      return true;
    });
    if (!done) return processed;
    processed++;
  }
}
