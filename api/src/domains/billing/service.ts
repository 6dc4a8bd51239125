import type {
  BillingDetailsAnswer,
  BillingDetailsData,
  CardSetupStarted,
  NewPaymentMethodData,
  PaymentMethod,
} from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import { createMailer, type Mailer } from '../../platform/mail/outbox.js';
import { payoutMethodAddedMail } from '../../platform/mail/templates.js';
import { reauthenticate } from '../account-security/index.js';
import { findVerifiedIdentity } from '../verifications/index.js';
import { holderReviewOfNewAccount } from './holder-check.js';
import { holderMatchesVerifiedName } from './holder-name-match.js';
import {
  findBillingDetails,
  insertMethod,
  listMethods,
  type PaymentMethodRecord,
  removeMethod,
  saveBillingDetails,
} from './repository.js';

/** More methods than this is a mistake or abuse: nobody pays out to eleven bank accounts. */
const MAX_METHODS = 10;

/**
 * Where a card is saved: the payments domain starts a set-up on the payment provider's hosted page (the card is
 * stored once the provider confirms it). Without one, adding a card is refused.
 */
export type CardSetups = { start(accountId: string): Promise<CardSetupStarted> };

/** A bank account as the payout provider registers it: the full IBAN is handed over and kept only there. */
export type BankAccountDetails = {
  holderName: string;
  iban: string;
  bic: string | null;
  country: string;
  /** The currency the account is paid in (the platform currency). */
  currency: string;
};

/**
 * Who registers a bank account for payouts: the payouts domain's provider, plugged in by app.ts (billing does not
 * import payouts, which reads its methods). Answers the reference payouts are sent to, or the provider's reason for
 * refusing the account; any other failure (a timeout, a 5xx) throws.
 */
export type PayeeRegistry = {
  /** Stored with each bank account: it is paid through the provider that registered it. */
  readonly name: string;
  register(
    details: BankAccountDetails,
    signal: AbortSignal,
  ): Promise<{ reference: string } | { refused: string }>;
};

export type BillingServiceDeps = {
  db: Db;
  payees: PayeeRegistry;
  platformCurrency: string;
  settings: Pick<AppConfig['payouts'], 'sendTimeoutSeconds' | 'methodHoldHours'>;
  /** Where the owner's security mails go out (a new bank account, money actions locked), and the site they link. */
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

/**
 * The account's payment methods — bank accounts payouts go to, cards it pays with — and its billing details
 * (docs/decisions/0074-one-name-per-money-concept.md).
 */
export function createBillingService({
  db,
  payees,
  platformCurrency,
  settings,
  mailer,
  siteUrl,
  cardSetups,
  logger,
}: BillingServiceDeps) {
  const reauthentication = { mailer, siteUrl };

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
    let registered: Awaited<ReturnType<PayeeRegistry['register']>>;
    try {
      registered = await payees.register(
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
      logger?.warn({ err: error }, 'payout provider did not register a bank account');
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        'The payout provider could not add this bank account now',
      );
    }
    if ('refused' in registered) throw new ApiError(422, 'UNPROCESSABLE', registered.refused);
    const { reference } = registered;
    const method = await withTransaction(db, async (tx) => {
      const added = await insertMethod(tx, {
        accountId,
        holderName: input.holderName,
        country: input.country,
        bic: input.bic ?? null,
        iban: input.iban,
        provider: payees.name,
        providerRecipient: reference,
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

  return { methods, addMethod, deleteMethod, billingDetails, setBillingDetails };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** The billing service as the API runs it: bank accounts registered with the payouts' provider (`payees`). */
export function createBillingFromConfig(
  config: Pick<AppConfig, 'payouts' | 'platformCurrency' | 'siteUrl'>,
  {
    db,
    jobs,
    payees,
    cardSetups,
    logger,
  }: { db: Db; jobs: Jobs; payees: PayeeRegistry; cardSetups?: CardSetups; logger?: FastifyBaseLogger },
): BillingService {
  return createBillingService({
    db,
    payees,
    cardSetups,
    mailer: createMailer(jobs),
    siteUrl: config.siteUrl,
    platformCurrency: config.platformCurrency,
    settings: config.payouts,
    logger,
  });
}
