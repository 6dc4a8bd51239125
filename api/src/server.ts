// The API process (started by main.ts): PostgreSQL (embedded unless DATABASE_URL), migrations, jobs and their workers, demo seed, HTTP.
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { backupScheduleFromEnv, scheduleBackups } from './domains/backups/index.js';
import { createAudioStore, workAudioPreviews } from './domains/media/index.js';
import { createMetrics, serveMetricsOn } from './domains/operations/index.js';
import { createClosingPeriods, createPaymentsForJobs, createReleaseDelivery } from './composition.js';
import {
  createReportFiles,
  createSqlCatalogue,
  processReportJob,
  type ReportIngestJob,
} from './domains/reports/index.js';
import { createBuiltInVerificationService, type VerificationJob } from './domains/verifications/index.js';
import { createPayoutsFromConfig } from './domains/payouts/index.js';
import {
  createWebhookBulkEmitter,
  createWebhookDelivery,
  createWebhookEmitter,
} from './domains/webhooks/index.js';
import { cleanUp } from './platform/cleanup.js';
import { ConfigError, loadConfig, REPO_ROOT } from './platform/config.js';
import { provideDatabase } from './platform/database.js';
import { isDatabaseUnavailable } from './platform/database-unavailable.js';
import { createPool } from './platform/db.js';
import { QUEUES, startJobs } from './platform/jobs.js';
import { createMailDelivery } from './platform/mail/delivery.js';
import { createMailer } from './platform/mail/outbox.js';
import { migrate } from './platform/migrations.js';
import { createMediaStorage } from './platform/storage/index.js';
import { createErrorReporter } from './platform/telemetry/error-reports.js';
import { stopTracing, traceLogFields, tracingIsOn } from './platform/telemetry/hooks.js';
import { apiVersion } from './platform/telemetry/version.js';
import { demoLoginsText } from './seed/demo-accounts.js';
import { databaseIsEmpty, seedDemo } from './seed/seed.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const log = pino({
  level: config.logLevel,
  base: { service: 'tunehouse-api' },
  redact: ['req.headers.authorization', 'req.headers["x-bot-check"]'],
  // With tracing on, each line written inside a span names it (trace_id, span_id) beside the request id.
  ...(tracingIsOn() ? { mixin: traceLogFields } : {}),
});

/** Errors outside any request (an unhandled rejection), reported like a request's 500 when a DSN is set. */
const processErrors = config.errorReportingDsn
  ? createErrorReporter({
      dsn: config.errorReportingDsn,
      release: `tunehouse-api@${apiVersion()}`,
      onFailure: (error) => log.warn({ err: error }, 'error report not sent'),
    })
  : null;

/** What has been started so far, stopped in reverse order. */
const running: { name: string; stop: () => Promise<unknown> }[] = [];
let stopping = false;

async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const deadline = setTimeout(() => {
    log.error('shutdown took longer than 20 s; exiting');
    process.exit(exitCode || 1);
  }, 20_000);
  deadline.unref();
  for (const { name, stop } of running.reverse()) {
    try {
      await stop();
    } catch (error) {
      log.warn({ err: error }, `stopping ${name} failed`);
    }
  }
  log.info('stopped');
  process.exit(exitCode);
}

// Stopped last (the list is stopped in reverse): the spans of the shutdown itself are sent too.
if (tracingIsOn()) running.push({ name: 'tracing', stop: stopTracing });

process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));
// pg-boss 10 does not await its workers' complete() and fail() calls (node_modules/pg-boss/src/manager.js): with
// PostgreSQL gone their rejection is unhandled, which ends a Node process. A job left active that way is retried
// once it expires, so a rejection that only says the database is away is logged; any other one is still fatal
// (Node's own default), through the orderly shutdown, and `npm start` restarts the API (decision 0059).
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    log.warn({ err: reason }, 'database unavailable (in work nobody awaited)');
    return;
  }
  log.fatal({ err: reason }, 'unhandled rejection');
  // Reported (when a DSN is set) before the shutdown; the report gives up after 5 s.
  void (processErrors?.report(reason) ?? Promise.resolve()).then(() => stopAll(1));
});

try {
  const database = await provideDatabase(config, (message) => log.info(message));
  running.push({ name: 'PostgreSQL', stop: database.stop });
  const db = createPool(database.url);
  running.push({ name: 'database pool', stop: () => db.end() });

  // One set of metrics for the process: the HTTP app and the job workers count into it.
  const metrics = createMetrics();

  const applied = await migrate(db);
  log.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');

  const jobs = await startJobs({
    connectionString: database.url,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  running.push({ name: 'jobs', stop: jobs.stop });
  const mail = createMailDelivery({
    db,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    log,
  });
  running.push({ name: 'mail transport', stop: async () => mail.close() });
  // Media, ID documents and report uploads: the data folder, or a bucket every process shares (decision 0055).
  const storage = createMediaStorage(config);
  log.info({ driver: storage.driver }, 'media storage');
  await jobs.work<{ outboxId: string }>(QUEUES.mailDelivery, ({ outboxId }) => mail.deliver(outboxId));
  await jobs.work(QUEUES.cleanup, () => cleanUp(db));
  const verifications = createBuiltInVerificationService({
    db,
    jobs,
    storage,
    simulatorDelaySeconds: config.verificationSimulatorDelaySeconds,
  });
  await jobs.work<VerificationJob>(QUEUES.identityVerification, (job) => verifications.review(job));
  // MP3 previews of uploaded audio (docs/decisions/0033-releases-api.md), unless another process makes them.
  if (config.audioPreviewWorker) await workAudioPreviews({ db, jobs, audio: createAudioStore(storage), log });
  // Release delivery to the platforms (docs/decisions/0035-ddex-delivery.md); releases hands it work (0033).
  const delivery = createReleaseDelivery(config, {
    db,
    jobs,
    logger: log.child({ domain: 'delivery' }),
    storage,
  });
  await delivery.service.work();
  // Platform reports the admins upload load here (docs/decisions/0037-stream-facts.md).
  const catalogue = createSqlCatalogue(db);
  const reportFiles = createReportFiles(storage);
  await jobs.work<ReportIngestJob>(QUEUES.reportIngest, (job) =>
    processReportJob(db, job, {
      catalogue,
      files: reportFiles,
      metrics: metrics.port,
      emitEvents: createWebhookBulkEmitter(jobs),
    }),
  );
  // Period closes started by an admin (docs/decisions/0042-ledger-and-periods.md).
  await createClosingPeriods({ db, jobs, config, metrics: metrics.port }).work();
  // Payout status checks and the recovery of unsent payouts (docs/decisions/0046-payouts.md).
  await createPayoutsFromConfig(config, {
    db,
    jobs,
    logger: log.child({ domain: 'payouts' }),
    emit: createWebhookEmitter(jobs),
  }).work();
  // Webhook deliveries with their retries (docs/decisions/0088-webhooks.md).
  await createWebhookDelivery({
    db,
    jobs,
    mailer: createMailer(jobs),
    siteUrl: config.siteUrl,
    allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
    logger: log.child({ domain: 'webhooks' }),
  }).work();
  // Card payments and set-ups whose webhook and return were both lost, asked about at the provider and settled
  // once through the same settlement code, takedown included (docs/decisions/0048-payments.md).
  await createPaymentsForJobs(config, {
    db,
    delivery: delivery.port,
    storage,
    logger: log.child({ domain: 'payments' }),
    emit: createWebhookEmitter(jobs),
  }).work(jobs, config.payments.reconcileAfterSeconds);
  await jobs.schedule(QUEUES.cleanup, '*/30 * * * *');
  // Scheduled backups, off unless BACKUP_SCHEDULE_CRON is set (docs/decisions/0084-backup-and-restore.md).
  await scheduleBackups(
    jobs,
    backupScheduleFromEnv(process.env, path.join(REPO_ROOT, 'backups')),
    { db, storage, dataDir: config.dataDir },
    (message, detail) => log.info(detail ?? {}, message),
  );

  if (config.seedDemo && (await databaseIsEmpty(db))) {
    const started = Date.now();
    const created = await seedDemo(db, {
      trendsDays: config.demoTrendsDays,
      dataDir: storage,
      settings: config,
      delivery: delivery.port,
    });
    log.info({ created, milliseconds: Date.now() - started }, 'empty database: demo data seeded');
  }

  const app = await buildApp(config, { db, jobs, logger: log, delivery: delivery.port, storage, metrics });
  running.push({ name: 'HTTP server', stop: () => app.close() });
  const address = await app.listen({ port: config.port, host: config.host });
  log.info({ address, docs: `${address}/docs` }, 'Tunehouse API listening');
  // Metrics without a token, for whoever can reach this address (docs/decisions/0085-metrics-and-operator-view.md).
  if (config.metrics.address) {
    const listener = await serveMetricsOn(metrics, config.metrics.address);
    running.push({ name: 'metrics listener', stop: listener.close });
    log.info({ metrics: listener.url }, 'metrics listening');
  }
  if (config.seedDemo) console.log(`\n${demoLoginsText()}\n`);
} catch (error) {
  log.fatal({ err: error }, 'API failed to start');
  await stopAll(1);
}
