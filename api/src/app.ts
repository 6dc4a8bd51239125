import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BOT_CHECK_HEADER } from '@tunehouse/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  accountSecurityRoutes,
  createAccountSecurityService,
  createSessionUseTracker,
} from './domains/account-security/index.js';
import { accountRoutes, createAccountService } from './domains/accounts/index.js';
import { adminRoutes, createAdminService } from './domains/admin/index.js';
import { auditRoutes, recordAdminActions } from './domains/audit/index.js';
import {
  artistRoutes,
  createArtistService,
  createSuggestionService,
  providersFromConfig,
} from './domains/artists/index.js';
import { botCheckRoutes } from './domains/bot-check/index.js';
import { contributorRoutes, createContributorService } from './domains/contributors/index.js';
import {
  createDeliveryService,
  createPlatformTransports,
  type DeliveryService,
} from './domains/delivery/index.js';
import { createEventService, eventRoutes } from './domains/events/index.js';
import { healthRoutes } from './domains/health/index.js';
import {
  createArtworkStore,
  createAudioJobs,
  createAudioStore,
  createImageStore,
  createMediaFiles,
  mediaRoutes,
} from './domains/media/index.js';
import { createLicensingService, type LicensingService, licensingRoutes } from './domains/licensing/index.js';
import {
  createMetrics,
  createOperationsService,
  type LastBackupPort,
  type Metrics,
  noBackupKnown,
  operationsRoutes,
  scrapeSourcesOf,
} from './domains/operations/index.js';
import { periodRoutes } from './domains/periods/index.js';
import { createClosingPeriods, licensingForReleases } from './composition.js';
import {
  createDdexDeliveryPort,
  createReleaseService,
  type ReleaseService,
  createSimulatedStore,
  createTrackService,
  type DeliveryPort,
  recordingDeliveryPort,
  releaseRoutes,
  reportDeliveryStatus,
  simulatedStoreRoutes,
  trackRoutes,
} from './domains/releases/index.js';
import { createSessionService, loadSessionContext, sessionRoutes } from './domains/sessions/index.js';
import { createSplitsService, splitRoutes } from './domains/splits/index.js';
import {
  createReportFiles,
  createReportService,
  pgBossReportQueue,
  type ReportQueue,
  reportRoutes,
} from './domains/reports/index.js';
import { createTrendService, trendRoutes } from './domains/trends/index.js';
import { createUserService, userRoutes } from './domains/users/index.js';
import { createBuiltInVerificationService, verificationRoutes } from './domains/verifications/index.js';
import { createWalletService, walletRoutes } from './domains/wallet/index.js';
import { createInvoiceService, invoiceRoutes } from './domains/invoices/index.js';
import { billingRoutes, createBillingFromConfig, createHolderReviews } from './domains/billing/index.js';
import { createPayoutsFromConfig, payoutRoutes } from './domains/payouts/index.js';
import { createPaymentsFromConfig, paymentRoutes, type PaymentService } from './domains/payments/index.js';
import { declaredResponseHeaders, withResponseHeaders } from './platform/response-headers.js';
import { createAuthGuard } from './platform/auth-guard.js';
import { createBotCheck } from './platform/bot-check.js';
import { closeConnectionsAnsweredEarly } from './platform/early-refusal.js';
import type { AppConfig } from './platform/config.js';
import type { Db } from './platform/db.js';
import { handleError, handleFrameworkError, handleNotFound } from './platform/errors.js';
import type { Jobs } from './platform/jobs.js';
import { createMailer } from './platform/mail/outbox.js';
import { registerRateLimits } from './platform/rate-limits.js';
import { createMediaStorage, type MediaStorage } from './platform/storage/index.js';
import { recordRoutes } from './platform/route-table.js';
import { addSecurityHeaders } from './platform/security-headers.js';
import { TokenService } from './platform/tokens.js';
import { serializerCompiler, validatorCompiler } from './platform/zod-compilers.js';

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
  reports?: { queue?: ReportQueue; maxBytes?: number };
  /** Where media live (docs/decisions/0055-several-api-processes.md); omitted, the one the settings choose. */
  storage?: MediaStorage;
  /**
   * The process's metrics (docs/decisions/0085-metrics-and-operator-view.md): main.ts makes one and hands its port
   * to the job workers too; omitted, the app makes its own.
   */
  metrics?: Metrics;
  /**
   * The last backup, for the operator's page and its metric. The backups domain answers it once the lead connects
   * it (issue 29, point 1); until then nobody does, and the page and metric say no backup is known.
   */
  lastBackup?: LastBackupPort;
};

/**
 * Release delivery as the API runs it (docs/decisions/0035-ddex-delivery.md): the DDEX delivery service on the
 * platform's jobs, with a transport per platform (SFTP where configured, otherwise the built-in simulator under
 * `<DATA_DIR>/deliveries/`), reporting each platform's answer to the releases domain; and the releases
 * DeliveryPort onto it (docs/decisions/0033-releases-api.md). The caller works the queue with `service.work()`.
 */
export function createReleaseDelivery(
  config: AppConfig,
  {
    db,
    jobs,
    logger,
    storage = createMediaStorage(config),
  }: { db: Db; jobs: Jobs; logger?: FastifyBaseLogger; storage?: MediaStorage },
): { service: DeliveryService; port: DeliveryPort } {
  const service = createDeliveryService({
    storage,
    db,
    jobs,
    transports: createPlatformTransports(config),
    config,
    ...(logger ? { logger } : {}),
    onStatus: reportDeliveryStatus(db),
  });
  return { service, port: createDdexDeliveryPort({ storage, delivery: service }) };
}

/**
 * Card payments (docs/decisions/0048-payments.md) as the API and main.ts's reconciliation job run them: the amount
 * due read from licensing, the takedown done by the releases domain inside the settling transaction.
 */
export function createPayments(
  config: AppConfig,
  {
    db,
    releases,
    licensing,
    logger,
  }: {
    db: Db;
    releases: ReleaseService;
    licensing: LicensingService;
    logger?: FastifyBaseLogger | undefined;
  },
): PaymentService {
  return createPaymentsFromConfig(config, {
    db,
    amountDue: async (accountId, albumId) => ({
      albumId: albumId.toLowerCase(),
      amountDue: (await licensing.albumDistributionFee(accountId, albumId))?.settlementOffer?.amountDue ?? 0,
    }),
    takedown: (tx, { accountId, albumId, expectedAmountDue }) =>
      releases.removeIn(tx, accountId, albumId, expectedAmountDue),
    ...(logger ? { logger } : {}),
  });
}

/**
 * The payment service for main.ts's jobs, with a releases and a licensing service of its own: a takedown touches
 * the database and the delivery hand-off only, no media (the stores are there because the release service takes them).
 */
export function createPaymentsForJobs(
  config: AppConfig,
  {
    db,
    delivery,
    storage = createMediaStorage(config),
    logger,
  }: { db: Db; delivery: DeliveryPort; storage?: MediaStorage; logger?: FastifyBaseLogger },
): PaymentService {
  const releases = createReleaseService({
    db,
    config,
    images: createImageStore(storage),
    artworks: createArtworkStore(storage),
    audio: createAudioStore(storage),
    delivery,
    licensing: licensingForReleases(config),
  });
  const licensing = createLicensingService({ db, plans: config.plans });
  return createPayments(config, { db, releases, licensing, logger });
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The HTTP application: every route, plugin and hook, without listening or owning its database. */
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
    lastBackup = noBackupKnown,
  }: AppDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A caller's (or proxy's) request id is kept so that logs line up across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  });

  recordRoutes(app);
  // Every answer is counted and timed by its route template (docs/decisions/0085-metrics-and-operator-view.md).
  metrics.countRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  app.decorate('publicApiUrl', config.publicApiUrl);
  app.decorateRequest('auth', null);
  app.decorateRequest('botCheck', 'not-required');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  closeConnectionsAnsweredEarly(app);
  // Every successful change through an admin endpoint lands in the audit log.
  recordAdminActions(app, db);

  // Helmet's headers, computed once rather than per request (docs/decisions/0050-api-hot-path.md).
  addSecurityHeaders(app, {
    // The API answers JSON; only the /docs page needs to run scripts and styles, from its own origin.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Local installs serve /docs over plain HTTP; upgrading its requests would break the page.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Calls that must count once (the admin's period close) send an Idempotency-Key from the shell's origin.
    allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'idempotency-key', BOT_CHECK_HEADER],
    // What an answer carries beside its body (endpoint metadata.responseHeaders) must be readable by the areas.
    exposedHeaders: [
      'retry-after',
      'x-request-id',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      ...declaredResponseHeaders(),
    ],
    maxAge: 600,
  });

  // JSON answers over 1 KB leave brotli- or gzip-encoded, as the client accepts (a phone's network is the slow
  // part, decision 0064); media, files and event streams are not JSON and pass as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tunehouse API',
        version: '0.1.0',
        description:
          'Errors are always `{ error: { code, message, details? } }`; validation details name field paths.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: withResponseHeaders(
      createJsonSchemaTransform({
        skipList: ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/*', '/docs/*'],
        // Contracts default some fields with one-way transforms; documented as the value they carry.
        zodToJsonConfig: { unrepresentable: 'any' },
      }),
    ),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const rateLimits = await registerRateLimits(app, config.rateLimitFactor, db, metrics.port);
  const botCheck = createBotCheck({ policy: config.botCheck, hmacKey: config.botCheckHmacKey, db });
  // Before the per-route rate limits (route-level onRequest hooks run after this one).
  app.addHook('onRequest', botCheck.hook);

  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const auth = createAuthGuard(tokens, (sessionId) => loadSessionContext(db, sessionId));
  const mailer = createMailer(jobs);
  const sessions = createSessionService({ db, tokens, mailer, config, metrics: metrics.port });
  const accounts = createAccountService({ db, tokens, mailer, config, sessions });
  const admin = createAdminService({ db, sessions });
  const users = createUserService({ db });
  const events = createEventService({ db });

  await app.register(healthRoutes({ db, auth }));
  // Metrics and the operator's view (docs/decisions/0085-metrics-and-operator-view.md).
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  metrics.readAtScrape(
    scrapeSourcesOf({
      db,
      lastBackup,
      startedAt,
      onError: (family, error) => app.log.warn({ err: error, family }, 'metric not read'),
    }),
  );
  const operations = createOperationsService({ db, jobs, lastBackup, startedAt });
  await app.register(operationsRoutes({ operations, metrics, metricsToken: config.metrics.token, auth }));
  await app.register(botCheckRoutes({ botCheck, auth, rateLimits }));
  await app.register(sessionRoutes({ sessions, auth, rateLimits, config }));
  await app.register(accountRoutes({ accounts, auth, rateLimits, config }));
  await app.register(userRoutes({ users, auth }));
  await app.register(eventRoutes({ events, auth, rateLimits }));
  await app.register(adminRoutes({ admin, auth, config }));
  await app.register(auditRoutes({ db, auth }));
  const images = createImageStore(storage);
  const artists = createArtistService({ db, images });
  const artistSuggestions = createSuggestionService({ db, providers: providersFromConfig(config) });
  await app.register(artistRoutes({ artists, suggestions: artistSuggestions, auth }));
  const contributors = createContributorService({ db });
  await app.register(contributorRoutes({ contributors, auth }));
  // Releases, tracks and their media (docs/decisions/0033-releases-api.md).
  const audio = createAudioStore(storage);
  const mediaFiles = createMediaFiles({ db, images, audio });
  await app.register(mediaRoutes({ files: mediaFiles, auth }));
  const artworks = createArtworkStore(storage);
  // The preview worker runs beside the other jobs (main.ts, workAudioPreviews); here previews are only queued.
  const audioJobs = createAudioJobs({ jobs });
  const releases = createReleaseService({
    db,
    config,
    images,
    artworks,
    audio,
    delivery,
    licensing: licensingForReleases(config),
  });
  await app.register(releaseRoutes({ releases, artworks, auth, config }));
  await app.register(simulatedStoreRoutes({ store: createSimulatedStore({ db }), auth }));
  // Licences and distribution fees (docs/decisions/0043-plans-and-fees.md).
  const licensing = createLicensingService({ db, plans: config.plans });
  await app.register(licensingRoutes({ licensing, auth }));
  // Royalty periods and their close into the ledger (docs/decisions/0042-ledger-and-periods.md).
  const periods = createClosingPeriods({ db, jobs, config });
  await app.register(periodRoutes({ periods, auth }));
  // The account's wallet, read from the ledger.
  const wallet = createWalletService({ db, platformCurrency: config.platformCurrency });
  await app.register(walletRoutes({ wallet, auth }));
  // Royalty splits of releases (docs/decisions/0045-royalty-splits.md); the periods' close divides through them.
  const splits = createSplitsService({ db, mailer, config });
  await app.register(splitRoutes({ splits, auth, rateLimits }));
  // Card payments in and saved cards (docs/decisions/0048-payments.md); main.ts works the reconciliation job.
  const payments = createPayments(config, { db, releases, licensing, logger });
  await app.register(paymentRoutes({ payments, auth }));
  // Payouts and their self-billing invoices (docs/decisions/0046-payouts.md); main.ts works their jobs.
  const payouts = createPayoutsFromConfig(config, { db, jobs, ...(logger ? { logger } : {}) });
  await app.register(payoutRoutes({ payouts, auth }));
  // Payment methods and billing details (docs/decisions/0074-one-name-per-money-concept.md): a bank account is
  // registered with the payouts' provider, a card set up through the payments' provider.
  const billing = createBillingFromConfig(config, {
    db,
    jobs,
    payees: payouts.payees,
    cardSetups: payments.setups,
    ...(logger ? { logger } : {}),
  });
  await app.register(billingRoutes({ billing, holderReviews: createHolderReviews(db), auth }));
  const invoices = createInvoiceService({ db, issuer: config.payouts.invoiceIssuer });
  await app.register(invoiceRoutes({ invoices, auth }));
  const tracks = createTrackService({ db, audio, audioJobs });
  await app.register(trackRoutes({ tracks, audio, auth, config }));
  // docs/decisions/0019-account-security-and-identity.md
  const sessionUse = createSessionUseTracker(db);
  app.addHook('onResponse', sessionUse.hook);
  const security = createAccountSecurityService({ db, tokens, mailer, config });
  await app.register(accountSecurityRoutes({ security, auth, rateLimits, sessionUse }));
  const verifications = createBuiltInVerificationService({
    db,
    jobs,
    storage,
    simulatorDelaySeconds: config.verificationSimulatorDelaySeconds,
  });
  await app.register(verificationRoutes({ verifications, auth, rateLimitFactor: config.rateLimitFactor }));
  // Trends (docs/decisions/0038-trends-api.md) and the platform reports they are loaded from (0037).
  const trends = createTrendService({ db, limits: config.trends });
  await app.register(trendRoutes({ trends, auth }));
  const reportUploads = createReportFiles(storage);
  const reportFiles = createReportService({
    db,
    queue: reports.queue ?? pgBossReportQueue(jobs),
    files: reportUploads,
  });
  await app.register(
    reportRoutes({
      reports: reportFiles,
      files: reportUploads,
      auth,
      ...(reports.maxBytes ? { maxBytes: reports.maxBytes } : {}),
    }),
  );
  return app;
}
