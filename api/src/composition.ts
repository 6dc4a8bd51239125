import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './platform/config.js';
import type { Db } from './platform/db.js';
import type { Jobs } from './platform/jobs.js';
import type { MetricsPort } from './platform/metrics.js';
import type { EmitEvent } from './platform/webhook-events.js';
import { createMediaStorage, type MediaStorage } from './platform/storage/index.js';
import {
  createDeliveryService,
  createPlatformTransports,
  type DeliveryService,
} from './domains/delivery/index.js';
import {
  collectFeeFromRoyalties,
  createLicensingService,
  licenceForAlbum,
  licenceOnPublish,
  type LicensingService,
  settleForTakedown,
} from './domains/licensing/index.js';
import { createArtworkStore, createAudioStore, createImageStore } from './domains/media/index.js';
import { createPaymentsFromConfig, type PaymentService } from './domains/payments/index.js';
import { createPeriodsService, type LicensingPort, type SplitsPort } from './domains/periods/index.js';
import {
  createDdexDeliveryPort,
  createReleaseService,
  type DeliveryPort,
  type ReleaseLicensingPort,
  type ReleaseService,
  reportDeliveryStatus,
} from './domains/releases/index.js';
import { splitsOfTunehouse } from './domains/splits/index.js';
import { createWebhookEmitter } from './domains/webhooks/index.js';

/**
 * Where one domain's port meets another domain's implementation, beside app.ts and main.ts: a domain that needs
 * another owns the port's type, and only this composition root imports both sides. That keeps the domains free of
 * import cycles (releases ⇄ licensing, periods ⇄ splits), and the seed, the benchmarks and the tests wire the same
 * implementations the API runs with.
 */

/** The close's view of licensing and splits: the album's licence share and fee collection, the split division. */
export const closePortsOfTunehouse: { licensing: LicensingPort; splits: SplitsPort } = {
  licensing: { licenceForAlbum, collectFeeFromRoyalties },
  splits: splitsOfTunehouse,
};

/** The admins' periods with the real close ports. */
export function createClosingPeriods(deps: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'work'>;
  config: Pick<AppConfig, 'platformCurrency' | 'plans' | 'periodClose'>;
  metrics?: MetricsPort;
}) {
  // Each close tells the accounts with a statement (statement.ready, docs/decisions/0088-webhooks.md).
  return createPeriodsService({ ...deps, ...closePortsOfTunehouse, emit: createWebhookEmitter(deps.jobs) });
}

/** Licensing as publishing and takedown see it, with the installation's plan settings. */
export function licensingForReleases(config: Pick<AppConfig, 'plans'>): ReleaseLicensingPort {
  return {
    licenceOnPublish: (q, input) => licenceOnPublish(q, config.plans, input),
    settleForTakedown,
  };
}

/**
 * Release delivery as the API runs it (docs/decisions/0035-ddex-delivery.md): the DDEX delivery service on the
 * platform's jobs, with a transport per platform (SFTP where configured, otherwise the built-in simulator under
 * `<DATA_DIR>/deliveries/`), reporting each platform's answer to the releases domain; and the releases
 * DeliveryPort onto it (docs/decisions/0033-releases-api.md). The caller works the queue with `service.work()`.
 * A release going live and a platform's refusal are recorded for the owner's webhooks (0088-webhooks.md).
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
    onStatus: reportDeliveryStatus(db, createWebhookEmitter(jobs)),
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
    emit,
  }: { db: Db; delivery: DeliveryPort; storage?: MediaStorage; logger?: FastifyBaseLogger; emit?: EmitEvent },
): PaymentService {
  const releases = createReleaseService({
    db,
    config,
    images: createImageStore(storage),
    artworks: createArtworkStore(storage),
    audio: createAudioStore(storage),
    delivery,
    licensing: licensingForReleases(config),
    emit,
  });
  const licensing = createLicensingService({ db, plans: config.plans });
  return createPayments(config, { db, releases, licensing, logger });
}
