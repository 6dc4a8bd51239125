import type {
  BillingDetailsData,
  CardSetupStarted,
  BillingDetailsAnswer,
  NewPaymentMethodData,
  PaymentMethod,
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
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { createMailer, type Mailer } from '../../platform/mail/outbox.js';
import { payoutMethodAddedMail } from '../../platform/mail/templates.js';
import { walletBalance } from '../ledger/index.js';
import { findVerifiedIdentity } from '../verifications/index.js';
import { holderReviewOfNewAccount } from './holder-check.js';
import { holderMatchesVerifiedName } from './holder-name-match.js';
import { createPayoutLifecycle, type PayoutCheckJob } from './lifecycle.js';
import { type PayoutProvider, PayoutRejectedError } from './provider.js';
import {
  findBillingDetails,
  findPayout,
  insertMethod,
  listMethods,
  listPayouts,
  type PaymentMethodRecord,
  removeMethod,
  saveBillingDetails,
  toPayout,
} from './repository.js';
import { reauthenticate } from './reauthentication.js';
import { createPayoutRequests } from './request.js';
import { SimulatedPayoutProvider } from './simulated-payout-provider.js';
import { createWisePayoutProvider } from './wise-payout-provider.js';

/** More methods than this is a mistake or abuse: nobody pays out to eleven bank accounts. */
const MAX_METHODS = 10;

/**
 * Where a card is saved: the payments domain starts a set-up on the payment provider's hosted page (the card is
 * stored once the provider confirms it). Without one, adding a card is refused.
 */
export type CardSetups = { start(accountId: string): Promise<CardSetupStarted> };

export type PayoutServiceDeps = {
  db: Db;
  jobs: Jobs;
  provider: PayoutProvider;
  platformCurrency: string;
  settings: Pick<
    AppConfig['payouts'],
    'minimumCents' | 'recoveryAfterSeconds' | 'sendTimeoutSeconds' | 'methodHoldHours'
  >;
  /** Where the owner's security mails go out (a new payout method, money actions locked), and the site they link. */
  mailer: Mailer;
  siteUrl: string;
  cardSetups?: CardSetups | undefined;
  logger?: FastifyBaseLogger | undefined;
};

const publicMethod = ({
  provider: _provider,
  providerRecipient: _recipient,
  ...method
}: PaymentMethodRecord) => method;

export function createPayoutService({
  db,
  jobs,
  provider,
  platformCurrency,
  settings,
  mailer,
  siteUrl,
  cardSetups,
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

  async function methods(accountId: string): Promise<PaymentMethod[]> {
    return (await listMethods(db, accountId)).map(publicMethod);
  }

  /**
   * A bank account needs its owner again — the authenticator code, or else the password — before it is registered
   * with the payout provider (which alone keeps the full IBAN); it is then stored in its masked form, on hold for
   * payouts for PAYOUT_METHOD_HOLD_HOURS, and the owner is mailed. A card starts a set-up on the payment
   * provider's page and is stored when that is confirmed: it only ever pays in, so it asks nothing again (0060).
   */
  async function addMethod(
    caller: AuthContext,
    input: NewPaymentMethodData,
    address = '',
  ): Promise<PaymentMethod | CardSetupStarted> {
    const accountId = caller.user.account.id;
    if ((await listMethods(db, accountId)).length >= MAX_METHODS)
      throw new ApiError(409, 'CONFLICT', `At most ${MAX_METHODS} payment methods; remove one first`);
    if (input.kind === 'CARD') {
      if (!cardSetups) throw new ApiError(409, 'CONFLICT', 'Cards cannot be saved on this installation');
      return cardSetups.start(accountId);
    }
    // Its own transaction, committed before the provider is called: a wrong answer stays counted either way.
    const refused = await withTransaction(db, (tx) =>
      reauthenticate(tx, caller, input, { rule: 'code-or-password', address, deps: reauthentication }),
    );
    if (refused) throw refused;
    const holderReview = await holderReviewOfNewAccount(db, accountId, input.holderName);
    let recipient: { reference: string };
    try {
      recipient = await provider.addRecipient(
        {
          holderName: input.holderName,
          iban: input.iban,
          bic: input.bic ?? null,
          country: input.country,
          currency: platformCurrency,
        },
        AbortSignal.timeout(settings.sendTimeoutSeconds * 1000),
      );
    } catch (error) {
      if (error instanceof PayoutRejectedError) throw new ApiError(422, 'UNPROCESSABLE', error.reason);
      logger?.warn({ err: error }, 'payout provider did not register a bank account');
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        'The payout provider could not add this bank account now',
      );
    }
    const method = await withTransaction(db, async (tx) => {
      const added = await insertMethod(tx, {
        accountId,
        holderName: input.holderName,
        country: input.country,
        bic: input.bic ?? null,
        iban: input.iban,
        provider: provider.name,
        providerRecipient: recipient.reference,
        holdHours: settings.methodHoldHours,
        holderReview,
      });
      await mailer.queue(
        tx,
        payoutMethodAddedMail({
          to: caller.user.email,
          firstName: caller.user.firstName,
          siteUrl,
          account: `${added.holderName}, ${added.maskedIban}`,
          payoutsFrom: added.heldUntil ? new Date(added.heldUntil) : null,
        }),
      );
      return added;
    });
    if (holderReview === 'PENDING_REVIEW')
      logger?.info(
        { paymentMethodId: method.id },
        'bank account holder differs from the verified name: review',
      );
    return publicMethod(method);
  }

  async function deleteMethod(accountId: string, id: string): Promise<void> {
    if (!(await removeMethod(db, accountId, id)))
      throw new ApiError(404, 'NOT_FOUND', `No payment method ${id}`);
  }

  /** What the account declared, under its verified legal name (null until a verification is approved). */
  async function billingDetails(accountId: string): Promise<BillingDetailsAnswer> {
    const [declared, identity] = await Promise.all([
      findBillingDetails(db, accountId),
      findVerifiedIdentity(db, accountId),
    ]);
    const verifiedName = identity?.legalName ?? null;
    return { billingDetails: declared && { legalName: verifiedName, ...declared }, verifiedName };
  }

  /**
   * The legal name is the verified one and is not set here: an older client still sending `legalName` is refused
   * unless it is that name (compared as a bank account's holder is), so nobody invoices in another's name. Before
   * a verification there is nothing to compare with, and nothing typed is ever printed: it is ignored.
   */
  async function setBillingDetails(
    accountId: string,
    { legalName, tradingName, vatId, ...address }: BillingDetailsData,
  ): Promise<BillingDetailsAnswer> {
    if (legalName !== undefined) {
      const identity = await findVerifiedIdentity(db, accountId);
      if (identity && !holderMatchesVerifiedName(legalName, identity.legalName))
        throw new ApiError(
          422,
          'UNPROCESSABLE',
          'Invoices are made out in your verified legal name; put another name as the trading name',
          [
            {
              path: ['body', 'legalName'],
              message: `Your verified legal name is ${identity.legalName}; a business name goes in the trading name`,
            },
          ],
        );
    }
    await saveBillingDetails(db, accountId, {
      ...address,
      tradingName: tradingName ?? null,
      vatId: vatId ?? null,
    });
    return billingDetails(accountId);
  }

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
    methods,
    addMethod,
    deleteMethod,
    billingDetails,
    setBillingDetails,
    eligibility,
    request,
    get,
    list,
    simulateOutcome,
    lifecycle,
    work,
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
  {
    db,
    jobs,
    logger,
    cardSetups,
  }: { db: Db; jobs: Jobs; logger?: FastifyBaseLogger; cardSetups?: CardSetups },
): PayoutService {
  return createPayoutService({
    db,
    jobs,
    cardSetups,
    mailer: createMailer(jobs),
    siteUrl: config.siteUrl,
    provider: payoutProviderFromConfig(config, db),
    platformCurrency: config.platformCurrency,
    settings: config.payouts,
    logger,
  });
}
