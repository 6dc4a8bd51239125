import {
  endpoints,
  failedDeliveryListSchema,
  failedJobListSchema,
  operationsOverviewSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type QueueName } from '../../platform/jobs.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Session;
let user: Session;
beforeAll(async () => {
  t = await createTestApp();
  const [a, u] = await Promise.all([createUser(t.db, { isAdmin: true }), createUser(t.db)]);
  [admin, user] = await Promise.all([login(t.app, a.email), login(t.app, u.email)]);
}, 60_000);
afterAll(() => t.close());

const api = endpoints.operations;

/** A job of `queue` that used up its retries, as pg-boss leaves one (its output is the thrown error). */
async function failedJob(queue: QueueName): Promise<string> {
  await t.jobs.enqueue(queue, {});
  const { rows } = await t.db.query<{ id: string }>(
    `UPDATE pgboss.job SET state = 'failed', completed_on = now(), retry_count = 5,
            output = '{"message": "SMTP said no", "stack": "Error: SMTP said no\\n    at deliver (mail.ts:1:1)"}'
      WHERE id = (SELECT id FROM pgboss.job WHERE name = $1 AND state = 'created' LIMIT 1) RETURNING id`,
    [queue],
  );
  return rows[0]!.id;
}

describe('the operator view', () => {
  it('shows the API version and uptime, no backup yet, and every queue by state', async () => {
    await t.jobs.enqueue(QUEUES.mailDelivery, { outboxId: 'x' });
    const response = await t.app.inject(injectOf(api.overview, {}, { session: admin }));
    const overview = expectShape(operationsOverviewSchema, response);
    expect(overview.api.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(overview.api.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(overview.lastBackup).toBeNull();
    expect(overview.queues.map((q) => q.queue).sort()).toEqual(Object.values(QUEUES).sort());
    const mail = overview.queues.find((q) => q.queue === QUEUES.mailDelivery)!;
    expect(mail.jobs.created).toBeGreaterThanOrEqual(1);
    expect(mail.depth).toBe(mail.jobs.created + mail.jobs.retry);
  });

  it('lists failed jobs with their message but no stack, and retries one once, audited', async () => {
    const id = await failedJob(QUEUES.cleanup);
    const list = expectShape(
      failedJobListSchema,
      await t.app.inject(injectOf(api.failedJobs, {}, { session: admin })),
    );
    const job = list.items.find((item) => item.id === id)!;
    expect(job).toMatchObject({ queue: QUEUES.cleanup, attempts: 6, error: 'SMTP said no' });
    expect(JSON.stringify(list)).not.toContain('mail.ts');

    const retry = () =>
      t.app.inject(injectOf(api.retryJob, { params: { queue: QUEUES.cleanup, id } }, { session: admin }));
    expect((await retry()).statusCode).toBe(204);
    const { rows } = await t.db.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ state: 'retry' });
    // Already back in its queue: nothing failed to retry any more.
    expectError(await retry(), 404, 'NOT_FOUND');
    const audited = await t.db.query<{ route: string; params: Record<string, string> }>(
      'SELECT route, params FROM admin_audit_events WHERE route = $1',
      [api.retryJob.path],
    );
    expect(audited.rows).toEqual([{ route: api.retryJob.path, params: { queue: QUEUES.cleanup, id } }]);
  });

  it('lists the deliveries that failed or were rejected, newest first', async () => {
    await t.db.query(
      `INSERT INTO deliveries (album_id, platform, action, message_id, status, release, reason, updated_at) VALUES
         ('album-a', 'SPOTIFY', 'DELIVER', 'm-a', 'FAILED', '{}', 'SFTP refused the login', now() - interval '1 hour'),
         ('album-b', 'DEEZER', 'DELIVER', 'm-b', 'REJECTED', '{}', 'Artwork too small', now()),
         ('album-c', 'TIDAL', 'DELIVER', 'm-c', 'LIVE', '{}', NULL, now())`,
    );
    const list = expectShape(
      failedDeliveryListSchema,
      await t.app.inject(injectOf(api.failedDeliveries, {}, { session: admin })),
    );
    expect(list.items.map((d) => [d.albumId, d.status, d.reason])).toEqual([
      ['album-b', 'REJECTED', 'Artwork too small'],
      ['album-a', 'FAILED', 'SFTP refused the login'],
    ]);
  });

  it('is for administrators only', async () => {
    for (const endpoint of [api.overview, api.failedJobs, api.failedDeliveries])
      expectError(await t.app.inject(injectOf(endpoint, {}, { session: user })), 403, 'ADMIN_REQUIRED');
    const id = await failedJob(QUEUES.cleanup);
    expectError(
      await t.app.inject(
        injectOf(api.retryJob, { params: { queue: QUEUES.cleanup, id } }, { session: user }),
      ),
      403,
      'ADMIN_REQUIRED',
    );
  });
});
