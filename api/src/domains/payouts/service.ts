import type {
  Payout,
  PayoutEligibility,
  PayoutPage,
  PayoutQuery,
  SimulatedPayoutOutcome,
} from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { createMailer, type Mailer } from '../../platform/mail/outbox.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import { createPayoutLifecycle, type PayoutCheckJob } from './lifecycle.js';
import { payeeRegistryOf } from './payee-registry.js';
import type { PayoutProvider } from './provider.js';
import { payoutEligibility } from './eligibility.js';
import { getPayout } from './get.js';
import { listPayouts } from './repository.js';
import { createPayoutRequests } from './request.js';
import { simulatePayoutOutcome } from './simulate-outcome.js';
import { SimulatedPayoutProvider } from './simulated-payout-provider.js';
import { createWisePayoutProvider } from './wise-payout-provider.js';

export type PayoutServiceDeps = {
  db: Db;
  jobs: Jobs;
  provider: PayoutProvider;
  platformCurrency: string;
  settings: Pick<AppConfig['payouts'], 'minimumCents' | 'recoveryAfterSeconds' | 'sendTimeoutSeconds'>;
  /** Where the owner's security mails go out (money actions locked), and the site they link. */
  mailer: Mailer;
  siteUrl: string;
  logger?: FastifyBaseLogger | undefined;
  /** Where payout.settled and payout.failed are recorded (docs/decisions/0088-webhooks.md); omitted, nowhere. */
  emit?: EmitEvent | undefined;
};

export function createPayoutService({
  db,
  jobs,
  provider,
  platformCurrency,
  settings,
  mailer,
  siteUrl,
  logger,
  emit,
}: PayoutServiceDeps) {
  const reauthentication = { mailer, siteUrl };
  const lifecycle = createPayoutLifecycle({
    db,
    jobs,
    provider,
    sendTimeoutSeconds: settings.sendTimeoutSeconds,
    recoveryAfterSeconds: settings.recoveryAfterSeconds,
    logger,
    emit,
  });
  const request = createPayoutRequests({
    db,
    reauthentication,
    lifecycle,
    providerName: provider.name,
    platformCurrency,
    minimumCents: settings.minimumCents,
    onSendError: (error, payoutId) =>
      logger?.error({ err: error, payoutId }, 'payout send failed; the recovery job sends it again'),
  });

  const eligibility = (caller: AuthContext): Promise<PayoutEligibility> =>
    payoutEligibility({ db, platformCurrency, minimumCents: settings.minimumCents }, caller);
  const get = (accountId: string, id: string): Promise<Payout> => getPayout({ db }, accountId, id);
  const list = (accountId: string, query: PayoutQuery): Promise<PayoutPage> =>
    listPayouts(db, accountId, query);
  const simulateOutcome = (
    accountId: string,
    id: string,
    { outcome }: SimulatedPayoutOutcome,
  ): Promise<Payout> => simulatePayoutOutcome({ db, provider, lifecycle }, { accountId, id, outcome });

  /** The payout jobs of main.ts: status checks, and the recovery of unsent payouts every minute. */
  async function work(): Promise<void> {
    await jobs.work<PayoutCheckJob>(QUEUES.payoutCheck, (job) => lifecycle.check(job));
    await jobs.work(QUEUES.payoutRecovery, async () => {
      await lifecycle.recover();
    });
    await jobs.schedule(QUEUES.payoutRecovery, '* * * * *');
  }

  return {
    eligibility,
    request,
    get,
    list,
    simulateOutcome,
    lifecycle,
    work,
    /** Registers bank accounts with this provider, for the billing domain (plugged in by app.ts). */
    payees: payeeRegistryOf(provider),
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

/**
 * The payout provider the settings name: Wise when WISE_API_TOKEN and WISE_PROFILE_ID are set, otherwise the
 * built-in simulator (settling after PAYOUT_SIMULATOR_SETTLE_SECONDS).
 */
export function payoutProviderFromConfig(config: Pick<AppConfig, 'payouts'>, db: Db): PayoutProvider {
  const { wise, simulatorSettleSeconds } = config.payouts;
  return wise ? createWisePayoutProvider(wise) : new SimulatedPayoutProvider(db, simulatorSettleSeconds);
}

/** The payout service as the API and its job worker run it. */
export function createPayoutsFromConfig(
  config: Pick<AppConfig, 'payouts' | 'platformCurrency' | 'siteUrl'>,
  { db, jobs, logger, emit }: { db: Db; jobs: Jobs; logger?: FastifyBaseLogger; emit?: EmitEvent },
): PayoutService {
  return createPayoutService({
    db,
    jobs,
    mailer: createMailer(jobs),
    siteUrl: config.siteUrl,
    provider: payoutProviderFromConfig(config, db),
    platformCurrency: config.platformCurrency,
    settings: config.payouts,
    logger,
    emit,
  });
}
