import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../db.js';

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

type OutboxRow = {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  link: string | null;
  sent_at: Date | null;
};

export type MailDeliveryOptions = {
  db: Db;
  from: string;
  /** Send through this SMTP server; unset writes each mail to `<mailDir>/<id>.eml` instead. */
  smtpUrl: string | undefined;
  mailDir: string;
  log: Logger;
};

/**
 * Delivers one outbox mail. Runs as a job, so a failure is retried with backoff; a mail already marked sent is
 * skipped, which makes a retry after a crash between sending and marking at worst a duplicate, never a loss.
 */
export function createMailDelivery({ db, from, smtpUrl, mailDir, log }: MailDeliveryOptions) {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(outboxId: string): Promise<void> {
    const { rows } = await db.query<OutboxRow>(
      'SELECT id, recipient, subject, text_body, link, sent_at FROM outbox WHERE id = $1',
      [outboxId],
    );
    const mail = rows[0];
    if (!mail || mail.sent_at) return;
    await db.query('UPDATE outbox SET attempts = attempts + 1 WHERE id = $1', [mail.id]);
    try {
      const info = await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        messageId: `<${mail.id}@tunehouse.local>`,
      });
      if (smtpUrl) {
        log.info({ outboxId: mail.id, to: mail.recipient }, 'mail sent');
      } else {
        // The files hold sign-in and reset links: readable by the API's own user only, folder included.
        await fs.mkdir(mailDir, { recursive: true, mode: 0o700 });
        await fs.chmod(mailDir, 0o700);
        const file = path.join(mailDir, `${mail.id}.eml`);
        await fs.writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
        log.info(
          { outboxId: mail.id, to: mail.recipient, file, link: mail.link ?? undefined },
          `mail written (no SMTP_URL): ${mail.subject}`,
        );
      }
      await db.query('UPDATE outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [mail.id]);
    } catch (error) {
      await db.query('UPDATE outbox SET last_error = $2 WHERE id = $1', [mail.id, String(error)]);
      log.warn({ outboxId: mail.id, err: error }, 'mail delivery failed; will retry');
      throw error;
    }
  }

  return { deliver, close: () => transport.close() };
}
