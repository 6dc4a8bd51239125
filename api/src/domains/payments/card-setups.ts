import { randomUUID } from 'node:crypto';
import type { CardSetupStarted, PaymentMethodSetup } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { findCardMethod, insertCardMethod } from '../billing/index.js';
import type { PaymentProvider, SetupProviderStatus } from './provider.js';
import {
  findSetup,
  insertSetup,
  markSetupFailed,
  markSetupSucceeded,
  saveSetupRedirect,
  type SetupRecord,
} from './setup-repository.js';

type Decided = Exclude<SetupProviderStatus, { status: 'PENDING' }>;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such card set-up');

/**
 * Decides a set-up once, in the caller's transaction: the set-up row is locked first, so a webhook and a browser
 * return arriving together queue here and the second finds it decided. SUCCEEDED stores the card (brand, last
 * four, expiry and the provider's reference — never a number) as one of the account's payment methods.
 */
export async function confirmSetup(
  tx: Queryable,
  setupId: string,
  decision: Decided,
): Promise<SetupRecord | null> {
  const setup = await findSetup(tx, setupId, { forUpdate: true });
  if (!setup || setup.status !== 'PENDING') return setup;
  if (decision.status === 'FAILED') {
    await markSetupFailed(tx, setup.id, decision.reason);
  } else {
    const { reference, ...card } = decision.card;
    const method = await insertCardMethod(tx, {
      accountId: setup.accountId,
      ...card,
      provider: setup.provider,
      providerReference: reference,
    });
    await markSetupSucceeded(tx, setup.id, method.id);
  }
  return findSetup(tx, setup.id);
}

/**
 * Card set-ups (docs/decisions/0048-payments.md): POST /v1/payment-methods with kind CARD opens the
 * provider's set-up page; its webhook, the browser's return (GET of the set-up) or the reconciliation job confirm
 * it, once.
 */
export function createCardSetups(deps: {
  db: Db;
  provider: PaymentProvider;
  platformCurrency: string;
  siteUrl: string;
  providerTimeoutMs: number;
  logger?: FastifyBaseLogger | undefined;
}) {
  const { db, provider, logger } = deps;

  /** Where the provider sends the browser back to. */
  const returnUrl = (setupId: string) =>
    `${deps.siteUrl}/payment-methods/complete?setup_id=${encodeURIComponent(setupId)}`;

  async function answer(setup: SetupRecord): Promise<PaymentMethodSetup> {
    const method = setup.paymentMethodId ? await findCardMethod(db, setup.paymentMethodId) : null;
    return {
      id: setup.id,
      status: setup.status,
      redirectUrl: setup.status === 'PENDING' ? setup.redirectUrl : null,
      paymentMethod: method
        ? {
            id: method.id,
            kind: 'CARD',
            brand: method.brand,
            last4: method.last4,
            expMonth: method.expMonth,
            expYear: method.expYear,
            createdAt: method.createdAt,
          }
        : null,
      failureReason: setup.failureReason,
      createdAt: setup.createdAt,
      decidedAt: setup.decidedAt,
    };
  }

  /** Opens the provider's set-up page for a new set-up; a provider that does not answer fails it (503). */
  async function start(accountId: string): Promise<CardSetupStarted> {
    const id = randomUUID();
    await insertSetup(db, { id, accountId, provider: provider.name });
    try {
      const opened = await provider.createSetup(
        { setupId: id, currency: deps.platformCurrency, returnUrl: returnUrl(id) },
        AbortSignal.timeout(deps.providerTimeoutMs),
      );
      await saveSetupRedirect(db, id, opened);
    } catch (error) {
      logger?.warn({ err: error, setupId: id }, 'payment provider did not open a card set-up');
      await markSetupFailed(db, id, 'The payment provider could not open the card set-up');
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The payment provider could not open a card set-up now');
    }
    return { setup: await answer((await findSetup(db, id))!) };
  }

  /** Asks the provider about a PENDING set-up and confirms what it has decided; a silent provider leaves it. */
  async function refresh(setup: SetupRecord): Promise<SetupRecord> {
    if (setup.status !== 'PENDING' || !setup.providerReference || setup.provider !== provider.name)
      return setup;
    let decision: SetupProviderStatus;
    try {
      decision = await provider.setupStatus(
        setup.providerReference,
        AbortSignal.timeout(deps.providerTimeoutMs),
      );
    } catch (error) {
      logger?.warn({ err: error, setupId: setup.id }, 'payment provider set-up status check failed');
      return setup;
    }
    if (decision.status === 'PENDING') return setup;
    return (await withTransaction(db, (tx) => confirmSetup(tx, setup.id, decision)))!;
  }

  /** GET /v1/payment-method-setups/{id}: the account's own (404 for anyone else's), the provider asked first. */
  async function get(accountId: string, id: string): Promise<PaymentMethodSetup> {
    const setup = await findSetup(db, id, { accountId });
    if (!setup) throw notFound();
    return answer(await refresh(setup));
  }

  /**
   * A provider's webhook about a set-up, its signature checked: the provider is asked for the card (events
   * carry no card details), then the event is recorded in the transaction that confirms it — an event id seen
   * before is 409 and does nothing.
   */
  async function event(
    providerName: string,
    event: { id: string; setupId: string },
    recordEvent: (tx: Queryable) => Promise<boolean>,
  ): Promise<PaymentMethodSetup['status']> {
    const setup = await findSetup(db, event.setupId);
    if (!setup || setup.provider !== providerName || !setup.providerReference) throw notFound();
    let decision: SetupProviderStatus = { status: 'PENDING' };
    if (setup.status === 'PENDING')
      decision = await provider.setupStatus(
        setup.providerReference,
        AbortSignal.timeout(deps.providerTimeoutMs),
      );
    return withTransaction(db, async (tx) => {
      if (!(await recordEvent(tx)))
        throw new ApiError(409, 'CONFLICT', `Event ${event.id} was received already`);
      if (decision.status === 'PENDING') return (await findSetup(tx, setup.id))!.status;
      return (await confirmSetup(tx, setup.id, decision))!.status;
    });
  }

  return { start, get, refresh, event, returnUrl };
}

export type CardSetupService = ReturnType<typeof createCardSetups>;
