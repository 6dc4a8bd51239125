import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsPort } from '../../platform/metrics.js';
import type { ScrapeSources } from './scrape-sources.js';

/**
 * The API's Prometheus metrics (docs/decisions/0085-metrics-and-operator-view.md), in a registry of their own (not
 * prom-client's global one: the tests build several apps in one process). Counters and histograms are fed where
 * events happen — HTTP by a response hook, the domains through `port` — and the gauges are read from PostgreSQL and
 * the pool when Prometheus scrapes (`readAtScrape`), so they are never stale and cost nothing between scrapes.
 */
export type Metrics = {
  registry: Registry;
  /** What the domains are handed (platform/metrics.ts). */
  port: MetricsPort;
  /** Counts every HTTP answer by route template, method and status, and times it. */
  countRequests(app: FastifyInstance): void;
  /** The gauges read at scrape time; called once, by app.ts. */
  readAtScrape(sources: ScrapeSources): void;
  /** The text exposition. */
  scrape(): Promise<{ contentType: string; text: string }>;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'tunehouse_http_requests_total',
    help: 'HTTP requests answered, by route template (never the raw URL), method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'tunehouse_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route template and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const signInFailures = new Counter({
    name: 'tunehouse_sign_in_failures_total',
    help: 'Password sign-ins refused: wrong_credentials, or too_many_attempts before the password was checked',
    labelNames: ['reason'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'tunehouse_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a per-address rate limit, by route template',
    labelNames: ['route'] as const,
    registers,
  });
  const reportLines = new Counter({
    name: 'tunehouse_report_lines_read_total',
    help: 'Usage lines read from uploaded platform reports; rate() gives lines per second',
    registers,
  });
  const periodClose = new Histogram({
    name: 'tunehouse_period_close_duration_seconds',
    help: 'Duration of one run of the period-close job, by outcome (closed, skipped, failed)',
    labelNames: ['outcome'] as const,
    buckets: [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  // Series that exist from the start, so that rate() and absent() see a 0 rather than nothing.
  for (const reason of ['wrong_credentials', 'too_many_attempts'] as const)
    signInFailures.labels(reason).inc(0);

  const port: MetricsPort = {
    signInFailed: (reason) => signInFailures.labels(reason).inc(),
    rateLimited: (route) => rateLimitRefusals.labels(route).inc(),
    reportLinesRead: (lines) => reportLines.inc(lines),
    periodCloseTook: (seconds, outcome) => periodClose.labels(outcome).observe(seconds),
  };

  return {
    registry,
    port,
    countRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        // A request that matched no route has no template; its URL is never a label (unbounded, and personal).
        const route = request.routeOptions.url ?? 'unmatched';
        const method = METHODS.has(request.method) ? request.method : 'OTHER';
        httpRequests.labels(route, method, String(reply.statusCode)).inc();
        httpDuration.labels(route, method).observe(reply.elapsedTime / 1000);
      });
    },
    readAtScrape(sources) {
      registerScrapeGauges(registry, sources);
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/** The gauges whose values are read when scraped; one failing source leaves its family empty, not the scrape. */
function registerScrapeGauges(registry: Registry, sources: ScrapeSources): void {
  const registers = [registry];
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void> | void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        try {
          await read((labels, value) => (labelNames.length ? this.set(labels, value) : this.set(value)));
        } catch (error) {
          sources.onError(name, error);
        }
      },
    });

  gauge('tunehouse_db_pool_connections', 'Connections the API pool holds open', [], (set) =>
    set({}, sources.pool.totalCount),
  );
  gauge('tunehouse_db_pool_idle_connections', 'Open pool connections not lent out', [], (set) =>
    set({}, sources.pool.idleCount),
  );
  gauge('tunehouse_db_pool_waiting_clients', 'Queries waiting for a pool connection', [], (set) =>
    set({}, sources.pool.waitingCount),
  );
  gauge(
    'tunehouse_job_queue_jobs',
    'Jobs in each pg-boss queue, by state',
    ['queue', 'state'],
    async (set) => {
      for (const queue of await sources.queues())
        for (const [state, count] of Object.entries(queue.jobs)) set({ queue: queue.queue, state }, count);
    },
  );
  gauge(
    'tunehouse_job_queue_depth',
    'Jobs waiting to run (created or waiting to retry)',
    ['queue'],
    async (set) => {
      for (const queue of await sources.queues()) set({ queue: queue.queue }, queue.depth);
    },
  );
  gauge(
    'tunehouse_job_queue_failed_jobs',
    'Jobs that failed for good (retries used up) and are still kept',
    ['queue'],
    async (set) => {
      for (const queue of await sources.queues()) set({ queue: queue.queue }, queue.jobs.failed);
    },
  );
  gauge(
    'tunehouse_job_queue_oldest_waiting_seconds',
    'Age of the oldest job that is due and not yet started; 0 when none waits',
    ['queue'],
    async (set) => {
      for (const queue of await sources.queues()) set({ queue: queue.queue }, queue.oldestWaitingSeconds);
    },
  );
  gauge(
    'tunehouse_deliveries',
    'Release deliveries, by platform and state',
    ['platform', 'state'],
    async (set) => {
      for (const row of await sources.deliveries())
        set({ platform: row.platform, state: row.status }, row.count);
    },
  );
  gauge('tunehouse_payouts', 'Payouts, by state', ['state'], async (set) => {
    for (const row of await sources.payouts()) set({ state: row.status }, row.count);
  });
  gauge('tunehouse_payments', 'Card payments, by state', ['state'], async (set) => {
    for (const row of await sources.payments()) set({ state: row.status }, row.count);
  });
  gauge(
    'tunehouse_backup_last_success_timestamp_seconds',
    'When the last successful backup finished (Unix time); 0 when none is known',
    [],
    async (set) => {
      const last = await sources.lastBackup();
      set({}, last ? Date.parse(last.finishedAt) / 1000 : 0);
    },
  );
  gauge('tunehouse_api_start_time_seconds', 'When this API process started (Unix time)', [], (set) =>
    set({}, sources.startedAt.getTime() / 1000),
  );
}
