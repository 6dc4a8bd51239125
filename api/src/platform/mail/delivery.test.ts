import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMailTo } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { QUEUES } from '../jobs.js';
import { createMailDelivery } from './delivery.js';
import { passwordResetMail } from './templates.js';
import { until } from '../../testing/until.js';

type Received = { from: string; to: string[]; raw: string };

let t: TestApp;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
const log = { info: vi.fn(), warn: vi.fn() };

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable, which nodemailer uses for lines with `=` and long URLs. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail delivery', () => {
  it('sends what sign-up wrote to the outbox through a real SMTP server, by a pg-boss job', async () => {
    const mail = createMailDelivery({
      db: t.db,
      from: 'Tunehouse <no-reply@tunehouse.test>',
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailDir: path.join(os.tmpdir(), 'unused'),
      log,
    });
    await t.jobs.work<{ outboxId: string }>(QUEUES.mailDelivery, ({ outboxId }) => mail.deliver(outboxId));

    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/signup',
      payload: {
        email: 'smtp-check@example.test',
        password: 'long enough pass',
        firstName: 'Sol',
        lastName: 'Mail',
      },
    });
    expect(response.statusCode).toBe(202);

    const message = await until(() => received.find((m) => m.to.includes('smtp-check@example.test')));
    const outbox = await lastMailTo(t.db, 'smtp-check@example.test');
    expect(message.from).toBe('no-reply@tunehouse.test');
    expect(message.raw).toMatch(/^Subject: Confirm your e-mail address for Tunehouse$/m);
    expect(message.raw).toMatch(/^To: smtp-check@example\.test$/m);
    expect(decodeQuotedPrintable(message.raw)).toContain(outbox.link!);

    const sentAt = await until(async () => {
      const { rows } = await t.db.query('SELECT sent_at, attempts FROM outbox WHERE id = $1', [outbox.id]);
      return rows[0].sent_at ? rows[0] : undefined;
    });
    expect(sentAt.attempts).toBe(1);
    // A second delivery of the same job (a retry after a crash) sends nothing more.
    await mail.deliver(outbox.id);
    expect(received.filter((m) => m.to.includes('smtp-check@example.test'))).toHaveLength(1);
    mail.close();
  });

  it('without SMTP_URL writes <id>.eml under the mail folder and logs the link', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-mail-'));
    const mail = createMailDelivery({
      db: t.db,
      from: 'Tunehouse <no-reply@tunehouse.test>',
      smtpUrl: undefined,
      mailDir,
      log,
    });
    // Straight into the outbox, without a job: the SMTP worker of the test above must not take it.
    const message = passwordResetMail({
      to: 'files@example.test',
      firstName: 'Fi',
      siteUrl: 'http://localhost:4200',
      challengeId: '00000000-0000-4000-8000-000000000000',
      secret: 'secret-in-the-link',
    });
    await t.db.query(
      'INSERT INTO outbox (template, recipient, subject, text_body, link) VALUES ($1, $2, $3, $4, $5)',
      [message.template, message.to, message.subject, message.text, message.link],
    );
    const outbox = await lastMailTo(t.db, 'files@example.test');
    await mail.deliver(outbox.id);
    const eml = fs.readFileSync(path.join(mailDir, `${outbox.id}.eml`), 'utf8');
    expect(fs.statSync(path.join(mailDir, `${outbox.id}.eml`)).mode & 0o077).toBe(0);
    expect(fs.statSync(mailDir).mode & 0o077).toBe(0);
    expect(eml).toMatch(/^Subject: Reset your Tunehouse password$/m);
    expect(decodeQuotedPrintable(eml)).toContain(outbox.link!);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ outboxId: outbox.id, link: outbox.link }),
      expect.stringContaining('mail written'),
    );
    fs.rmSync(mailDir, { recursive: true, force: true });
  });
});
