import { endpoints } from '@tunehouse/contracts';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../platform/jobs.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createMetrics } from './metrics.js';
import { serveMetricsOn } from './metrics-listener.js';
import { scrapeSourcesOf } from './scrape-sources.js';
import { noBackupKnown } from './last-backup.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let t: TestApp;
beforeAll(async () => {
  // A factor of 0.05 leaves the sign-in limit at one attempt a minute: the second one is refused with 429.
  t = await createTestApp({ metrics: { token: TOKEN, address: undefined }, rateLimitFactor: 0.05 });
}, 60_000);
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({
    ...injectOf(endpoints.operations.metrics, {}),
    headers: authorization ? { authorization } : {},
  });

function family(families: MetricFamily[], name: string): MetricFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric family ${name} in the scrape`);
  return found;
}

/** The sample of a family whose labels include `labels`, as a number (NaN when none matches). */
function sample(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const found = family(families, name).metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );
  return Number(found?.value ?? found?.count ?? Number.NaN);
}

describe('GET /metrics', () => {
  it('counts a refused sign-in, a 429 and a normal call, by route template, in the Prometheus text format', async () => {
    const user = await createUser(t.db);
    const signIn = () =>
      t.app.inject(
        injectOf(endpoints.sessions.login, { body: { email: user.email, password: 'wrong-password' } }),
      );
    expectError(await signIn(), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn(), 429, 'RATE_LIMITED');
    // A normal call, and one whose path holds an id: counted under its template, never the raw URL.
    expect((await t.app.inject(injectOf(endpoints.health.live, {}))).statusCode).toBe(200);
    const userId = '0b6c2f52-8f7e-4d3a-9a43-6d1b1a0f9c11';
    await t.app.inject(injectOf(endpoints.admin.suspend, { params: { id: userId } }));
    // Work waiting in a queue, and a delivery that failed.
    await t.jobs.enqueue(QUEUES.cleanup, {});
    await t.db.query(
      `INSERT INTO deliveries (album_id, platform, action, message_id, status, release)
       VALUES ('album-1', 'SPOTIFY', 'DELIVER', 'msg-metrics-1', 'FAILED', '{}')`,
    );

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(response.body);

    const login = endpoints.sessions.login.path;
    expect(
      sample(families, 'tunehouse_http_requests_total', { route: login, method: 'POST', status: '401' }),
    ).toBe(1);
    expect(
      sample(families, 'tunehouse_http_requests_total', { route: login, method: 'POST', status: '429' }),
    ).toBe(1);
    expect(
      sample(families, 'tunehouse_http_requests_total', { route: '/health', method: 'GET', status: '200' }),
    ).toBe(1);
    const routes = family(families, 'tunehouse_http_requests_total').metrics.map((m) => m.labels?.['route']);
    expect(routes).toContain(endpoints.admin.suspend.path);
    expect(routes.join(' ')).not.toContain(userId);

    expect(family(families, 'tunehouse_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series together; its count and +Inf bucket are read from the text.
    expect(response.body).toContain(
      'tunehouse_http_request_duration_seconds_count{route="/health",method="GET"} 1\n',
    );
    expect(response.body).toContain(
      'tunehouse_http_request_duration_seconds_bucket{le="+Inf",route="/health",method="GET"} 1\n',
    );

    expect(family(families, 'tunehouse_sign_in_failures_total').type).toBe('COUNTER');
    // The 429 came from the rate limit before the password was checked: one wrong password, one refusal.
    expect(sample(families, 'tunehouse_sign_in_failures_total', { reason: 'wrong_credentials' })).toBe(1);
    expect(sample(families, 'tunehouse_rate_limit_refusals_total', { route: login })).toBe(1);

    expect(sample(families, 'tunehouse_job_queue_depth', { queue: QUEUES.cleanup })).toBe(1);
    expect(sample(families, 'tunehouse_job_queue_jobs', { queue: QUEUES.cleanup, state: 'created' })).toBe(1);
    expect(sample(families, 'tunehouse_job_queue_failed_jobs', { queue: QUEUES.reportIngest })).toBe(0);
    expect(
      sample(families, 'tunehouse_job_queue_oldest_waiting_seconds', { queue: QUEUES.cleanup }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(families, 'tunehouse_deliveries', { platform: 'SPOTIFY', state: 'FAILED' })).toBe(1);
    expect(sample(families, 'tunehouse_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(families, 'tunehouse_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(families, 'tunehouse_db_pool_waiting_clients')).toBe(0);
    // No backup is known yet (the backups domain is not connected): the timestamp says never.
    expect(sample(families, 'tunehouse_backup_last_success_timestamp_seconds')).toBe(0);
    for (const name of [
      'tunehouse_payouts',
      'tunehouse_payments',
      'tunehouse_report_lines_read_total',
      'tunehouse_period_close_duration_seconds',
      'tunehouse_api_start_time_seconds',
    ])
      expect(family(families, name).help).not.toBe('');
  });

  it('is refused without the token, or with another one', async () => {
    expectError(await scrape(), 401, 'UNAUTHENTICATED');
    expectError(await scrape(`Bearer ${TOKEN}x`), 401, 'UNAUTHENTICATED');
    expectError(await scrape(`Basic ${TOKEN}`), 401, 'UNAUTHENTICATED');
  });

  it('does not exist when no token is set (the default)', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject(injectOf(endpoints.operations.metrics, {}));
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('tunehouse_');
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('the METRICS_ADDRESS listener', () => {
  it('serves the same metrics over real HTTP without a token, and nothing else', async () => {
    const metrics = createMetrics();
    metrics.readAtScrape(
      scrapeSourcesOf({
        db: t.db,
        lastBackup: noBackupKnown,
        startedAt: new Date(),
        onError: () => undefined,
      }),
    );
    metrics.port.reportLinesRead(1200);
    const listener = await serveMetricsOn(metrics, { host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      const families = parsePrometheusTextFormat(await response.text());
      expect(sample(families, 'tunehouse_report_lines_read_total')).toBe(1200);
      expect(sample(families, 'tunehouse_job_queue_depth', { queue: QUEUES.mailDelivery })).toBe(0);
      expect((await fetch(listener.url.replace('/metrics', '/health'))).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
