import type { Queryable } from '../db.js';
import { type Jobs, QUEUES } from '../jobs.js';
import type { MailMessage } from './templates.js';

export type Mailer = {
  /** Writes the mail to the outbox and its delivery job, both inside `tx` (the transaction of the action). */
  queue(tx: Queryable, message: MailMessage): Promise<string>;
};

export function createMailer(jobs: Jobs): Mailer {
  return {
    async queue(tx, message) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO outbox (template, recipient, subject, text_body, link)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [message.template, message.to, message.subject, message.text, message.link ?? null],
      );
      const id = rows[0]!.id;
      await jobs.enqueue(QUEUES.mailDelivery, { outboxId: id }, tx);
      return id;
    },
  };
}
