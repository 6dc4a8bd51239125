import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { MICRO_PER_CENT, PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';
import { albumFee } from './fees.js';
import { cancelLicence, findLicenceOfAlbum, insertCollection, settleFee } from './repository.js';

/**
 * The takedown's settlement, inside the takedown's transaction (docs/decisions/0043-plans-and-fees.md): while the
 * current fee still collects, taking the release down costs its remaining streams at the fee's price, in cents
 * rounded up. The client sends the amount it showed; a missing or different amount is a 409 naming the right one.
 * The owner's wallet pays it through the ledger (409 INSUFFICIENT_FUNDS naming the shortfall when it cannot), the
 * fee gets a BALANCE collection and is settled, and the licence ends.
 */
export async function settleForTakedown(
  tx: Queryable,
  {
    accountId,
    albumId,
    expectedAmountDue,
    today,
  }: { accountId: string; albumId: string; expectedAmountDue: number | undefined; today: string },
): Promise<{ amountDue: number }> {
  const current = await albumFee(tx, albumId, today);
  const offer = current?.view.settlementOffer ?? null;
  const amountDue = offer?.amountDue ?? 0;
  if ((offer && expectedAmountDue === undefined) || (expectedAmountDue ?? amountDue) !== amountDue) {
    const message = offer
      ? `This release's distribution fee has ${offer.numberOfStreamsRemaining} of ${offer.numberOfStreams} ` +
        `streams left to collect: taking it down first settles them for ${amountDue} (minor units)`
      : `Nothing is due for this takedown: the expected amount is 0`;
    throw new ApiError(409, 'CONFLICT', message, [
      {
        path: ['querystring', 'expected_amount_due'],
        message: `Send expected_amount_due=${amountDue}`,
      },
    ]);
  }
  if (current && offer && amountDue > 0) {
    const paid = await transfer(tx, {
      idempotencyKey: `fee-settlement:${current.fee.id}`,
      debit: walletKey(accountId),
      credit: PLATFORM_ACCOUNTS.feeCollection,
      amount: amountDue,
      kind: 'TAKEDOWN_SETTLEMENT',
      refs: { albumId },
      memo: `Distribution fee ${current.fee.sequenceNumber}: ${offer.numberOfStreamsRemaining} streams settled`,
    });
    await insertCollection(tx, {
      feeId: current.fee.id,
      origin: 'BALANCE',
      streams: offer.numberOfStreamsRemaining,
      royaltyCollectedMicro: amountDue * Number(MICRO_PER_CENT),
      periodId: null,
      ledgerTransferId: paid.id,
    });
    await settleFee(tx, current.fee.id);
  }
  const licence = await findLicenceOfAlbum(tx, albumId, { inForce: true });
  if (licence) await cancelLicence(tx, licence.id, today);
  return { amountDue };
}
