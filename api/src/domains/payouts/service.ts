import type {
  Payout,
  PayoutBlocker,
  PayoutEligibility,
  PayoutPage,
  PayoutQuery,
  SimulatedPayoutOutcome,
} from '@tunehouse/contracts';
import { isPayableReview } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { createMailer, type Mailer } from '../../platform/mail/outbox.js';
import { findBillingDetails, listMethods } from '../billing/index.js';
import { walletBalance } from '../ledger/index.js';
import { findVerifiedIdentity } from '../verifications/index.js';
import { createPayoutLifecycle, type PayoutCheckJob } from './lifecycle.js';
import { payeeRegistryOf } from './payee-registry.js';
import type { PayoutProvider } from './provider.js';
import { findPayout, listPayouts, toPayout } from './repository.js';
import { createPayoutRequests } from './request.js';
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
}: PayoutServiceDeps) {
  const reauthentication = { mailer, siteUrl };
  const lifecycle = createPayoutLifecycle({
    db,
    jobs,
    provider,
    sendTimeoutSeconds: settings.sendTimeoutSeconds,
    recoveryAfterSeconds: settings.recoveryAfterSeconds,
    logger,
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

  async function eligibility(caller: AuthContext): Promise<PayoutEligibility> {
    const accountId = caller.user.account.id;
    const [available, methodList, billing, identity] = await Promise.all([
      walletBalance(db, accountId),
      listMethods(db, accountId),
      findBillingDetails(db, accountId),
      findVerifiedIdentity(db, accountId),
    ]);
    const blockers: PayoutBlocker[] = [];
    if (!caller.user.account.verifiedAt || !identity) blockers.push('IDENTITY_NOT_VERIFIED');
    const bankAccounts = methodList.filter((method) => method.kind === 'BANK_ACCOUNT');
    if (bankAccounts.length === 0) blockers.push('NO_PAYMENT_METHOD');
    else if (!bankAccounts.some((method) => isPayableReview(method.holderReview)))
      blockers.push('PAYMENT_METHOD_UNDER_REVIEW');
    if (!billing) blockers.push('NO_BILLING_DETAILS');
    if (available < 0) blockers.push('NEGATIVE_BALANCE');
    else if (available < settings.minimumCents) blockers.push('BELOW_MINIMUM');
    return {
      minimumAmount: settings.minimumCents,
      available,
      currency: platformCurrency,
      secondStepRequired: caller.user.secondStep === 'totp',
      blockers,
    };
  }

  async function get(accountId: string, id: string): Promise<Payout> {
    const payout = await findPayout(db, id, { accountId });
    if (!payout) throw new ApiError(404, 'NOT_FOUND', `No payout ${id}`);
    return toPayout(payout);
  }

  function list(accountId: string, query: PayoutQuery): Promise<PayoutPage> {
    return listPayouts(db, accountId, query);
  }

  /**
   * The simulator told to fail or return one of the caller's payouts, then asked at once (as the check job would):
   * 404 unless payouts go through the simulator and it holds that payout; FAIL of a settled payout is a 409.
   */
  async function simulateOutcome(
    accountId: string,
    id: string,
    { outcome }: SimulatedPayoutOutcome,
  ): Promise<Payout> {
    if (!(provider instanceof SimulatedPayoutProvider))
      throw new ApiError(404, 'NOT_FOUND', 'Payouts do not go through the simulator here');
    const payout = await findPayout(db, id, { accountId });
    if (!payout) throw new ApiError(404, 'NOT_FOUND', `No payout ${id}`);
    if (outcome === 'FAIL' && payout.status === 'SETTLED')
      throw new ApiError(409, 'CONFLICT', 'A settled payout cannot fail any more; it can be returned');
    if (payout.status === 'REQUESTED') await lifecycle.send(id);
    if (!(await provider.tell(id, outcome)))
      throw new ApiError(409, 'CONFLICT', 'The simulator has not received this payout yet');
    await lifecycle.refresh(id);
    return get(accountId, id);
  }

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
  { db, jobs, logger }: { db: Db; jobs: Jobs; logger?: FastifyBaseLogger },
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
  });
}
