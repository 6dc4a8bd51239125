import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { withTransaction } from '../db.js';
import { createMailer } from './outbox.js';
import { loginCodeMail } from './templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => {
  const { rows } = await t.db.query(
    `SELECT (SELECT count(*)::int FROM outbox) AS mails,
            (SELECT count(*)::int FROM pgboss.job WHERE name = 'mail-delivery') AS jobs`,
  );
  return rows[0] as { mails: number; jobs: number };
};

describe('the outbox', () => {
  it('writes the mail and its delivery job in the transaction of the action, or neither', async () => {
    const mailer = createMailer(t.jobs);
    const message = loginCodeMail({ to: 'tx@example.test', firstName: '', code: '123456' });
    const before = await counts();

    await expect(
      withTransaction(t.db, async (tx) => {
        await mailer.queue(tx, message);
        throw new Error('the action failed after queueing its mail');
      }),
    ).rejects.toThrow('the action failed');
    expect(await counts()).toEqual(before);

    await withTransaction(t.db, (tx) => mailer.queue(tx, message));
    expect(await counts()).toEqual({ mails: before.mails + 1, jobs: before.jobs + 1 });
  });
});
