import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createKeyAuthenticator } from './domains/api-keys/index.js';
import { recordAdminActions } from './domains/audit/index.js';
import { createMetrics, type LastBackupPort, type Metrics } from './domains/operations/index.js';
import { loadSessionContext } from './domains/sessions/index.js';
import { type DeliveryPort, recordingDeliveryPort } from './domains/releases/index.js';
import { createWebhookEmitter } from './domains/webhooks/index.js';
import { createAuthGuard } from './platform/auth-guard.js';
import { createBotCheck } from './platform/bot-check.js';
import type { AppConfig } from './platform/config.js';
import type { Db } from './platform/db.js';
import type { Jobs } from './platform/jobs.js';
import { createMailer } from './platform/mail/outbox.js';
import { registerRateLimits } from './platform/rate-limits.js';
import { createMediaStorage, type MediaStorage } from './platform/storage/index.js';
import { TokenService } from './platform/tokens.js';
import { createHttpApp } from './wiring/http-app.js';
import { registerHttpPlugins } from './wiring/http-plugins.js';
import { wireCatalogue, wireTracks } from './wiring/wire-catalogue.js';
import { wireApiKeys } from './wiring/wire-api-keys.js';
import { wireAccountSecurity, wireIdentity } from './wiring/wire-identity.js';
import { wireMoney } from './wiring/wire-money.js';
import { wireOperations } from './wiring/wire-operations.js';
import { type ReportUploads, wireUsage } from './wiring/wire-usage.js';
import { wireWebhooks } from './wiring/wire-webhooks.js';
import type { Wiring } from './wiring/wiring.js';

export type AppDeps = {
  db: Db;
  jobs: Jobs;
  /** A pino logger; omitted, the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /**
   * Where accepted releases and takedowns are handed: `createReleaseDelivery(...).port` (main.ts); omitted, hand-offs
   * are only recorded (`recordingDeliveryPort`, the test app's default).
   */
  delivery?: DeliveryPort;
  /**
   * Report uploads (docs/decisions/0037-stream-facts.md): where an upload is handed for loading (default: the
   * report-ingest pg-boss queue, worked in main.ts) and the largest upload in bytes (default 5 GiB,
   * docs/decisions/0081-big-report-files.md).
   */
  reports?: ReportUploads;
  /** Where media live (docs/decisions/0055-several-api-processes.md); omitted, the one the settings choose. */
  storage?: MediaStorage;
  /**
   * The process's metrics (docs/decisions/0085-metrics-and-operator-view.md): main.ts makes one and hands its port
   * to the job workers too; omitted, the app makes its own.
   */
  metrics?: Metrics;
  /**
   * The last backup, for the operator's page and its metric (docs/decisions/0084-backup-and-restore.md); omitted,
   * the backups domain's record of completed runs.
   */
  lastBackup?: LastBackupPort;
};

/**
 * The HTTP application: every route, plugin and hook, without listening or owning its database. The domains are
 * wired by group in wiring/wire-*.ts, in the order their routes are registered.
 */
export async function buildApp(
  config: AppConfig,
  {
    db,
    jobs,
    logger,
    delivery = recordingDeliveryPort,
    reports = {},
    storage = createMediaStorage(config),
    metrics = createMetrics(),
    lastBackup,
  }: AppDeps,
): Promise<FastifyInstance> {
  const app = createHttpApp(config, logger);
  // Every answer is counted and timed by its route template (docs/decisions/0085-metrics-and-operator-view.md).
  metrics.countRequests(app);
  // Every successful change through an admin endpoint lands in the audit log.
  recordAdminActions(app, db);
  await registerHttpPlugins(app, config);

  const rateLimits = await registerRateLimits(app, config.rateLimitFactor, db, metrics.port);
  const botCheck = createBotCheck({ policy: config.botCheck, hmacKey: config.botCheckHmacKey, db });
  // Before the per-route rate limits (route-level onRequest hooks run after this one).
  app.addHook('onRequest', botCheck.hook);

  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  // `Authorization: Bearer th_live_…`: a program's API key (docs/decisions/0087-api-keys-and-scopes.md).
  const keyAuthentication = createKeyAuthenticator(db, config.rateLimitFactor);
  const wiring: Wiring = {
    app,
    config,
    db,
    jobs,
    logger,
    storage,
    tokens,
    auth: createAuthGuard(
      tokens,
      (sessionId) => loadSessionContext(db, sessionId),
      keyAuthentication.authenticate,
    ),
    mailer: createMailer(jobs),
    rateLimits,
    metrics: metrics.port,
    emit: createWebhookEmitter(jobs),
  };
  await wireIdentity(wiring, botCheck);
  await wireOperations(wiring, metrics, lastBackup);
  const catalogue = await wireCatalogue(wiring, delivery);
  await wireMoney(wiring, catalogue);
  await wireTracks(wiring, catalogue);
  await wireAccountSecurity(wiring);
  await wireApiKeys(wiring, keyAuthentication);
  await wireUsage(wiring, reports);
  await wireWebhooks(wiring);
  return app;
}
