import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Queryable, withTransaction, type Db } from '../platform/db.js';
import {
  InsufficientFundsError,
  PLATFORM_ACCOUNTS,
  accountEntriesSql,
  balanceOf,
  transfer,
  walletKey,
} from '../domains/ledger/index.js';
import type { CloseDeps } from '../domains/periods/index.js';

/**
 * What the property tests of the close (periods' close and corrections, reports' restated months) share: close
 * ports with terms drawn per run, a payout tried against the ledger, and the checks every closed period and every
 * wallet must pass whatever the history was. It reads the ledger through its read face: only the ledger domain and
 * test files name its tables (tools/lint/ledger-tables.test.mjs).
 */

/** The terms a run draws: the plan share, the part of a track's streams and revenue the fee takes, the part held. */
export type DrawnCloseTerms = {
  /** The plan's share for the owner, in basis points. */
  share: number;
  /** The part of a track's streams and revenue the fee takes, in 1/1000. */
  feePerMille: number;
  /** Basis points of an owner share held for a participant who has not accepted. */
  heldBp: number;
};

/**
 * Licensing and splits as the close sees them, with the drawn terms in place of licences and split versions: every
 * album has the plan share, the fee takes its part of the streams and of the revenue (none of a line that earned
 * nothing), and every owner share holds its part for one invitee (`invite`), the rest to the owner's wallet.
 */
export function drawnCloseDeps(terms: DrawnCloseTerms, invite: string): CloseDeps {
  return {
    licensing: {
      licenceForAlbum: async () => ({ share: terms.share }),
      collectFeeFromRoyalties: async (_q, { streams, revenueMicro }) => ({
        streamsCollected: Math.floor((streams * terms.feePerMille) / 1000),
        royaltyCollectedMicro: Number(
          revenueMicro > 0n ? (revenueMicro * BigInt(terms.feePerMille)) / 1000n : 0n,
        ),
      }),
    },
    splits: {
      allocateOwnerShare: async (_q, share) => {
        const held = (share.amountMicro * BigInt(terms.heldBp)) / 10_000n;
        return [
          { beneficiaryKey: walletKey(share.ownerAccountId), amountMicro: share.amountMicro - held },
          { beneficiaryKey: invite, amountMicro: held },
        ];
      },
    },
    defaultShare: 10_000,
    platformCurrency: 'EUR',
  };
}

/**
 * A payout of `cents` from an account's wallet, as the payout service books it: refused by the ledger when the
 * wallet is short (or below zero), booked otherwise. Answers whether it was booked.
 */
export async function tryPayout(db: Db, accountId: string, cents: number): Promise<boolean> {
  const wallet = walletKey(accountId);
  const balance = await balanceOf(db, wallet);
  const payout = withTransaction(db, (tx) =>
    transfer(tx, {
      idempotencyKey: randomUUID(),
      debit: wallet,
      credit: PLATFORM_ACCOUNTS.payoutsInFlight,
      amount: cents,
      kind: 'PAYOUT',
    }),
  );
  if (balance < cents) {
    await expect(payout).rejects.toBeInstanceOf(InsufficientFundsError);
    return false;
  }
  expect(balance).toBeGreaterThan(0);
  await payout;
  return true;
}

/** A closed period's figures by name (`revenue`, `credited`, …), in micro-units and in cents. */
export type PeriodFigures = { micro: (name: string) => bigint; cents: (name: string) => bigint };

/** Reads a closed period's figures and checks they conserve its revenue: fee + commission + credited + held. */
export async function expectPeriodConserved(q: Queryable, periodId: string): Promise<PeriodFigures> {
  const { rows } = await q.query<Record<string, string>>('SELECT * FROM periods WHERE id = $1', [periodId]);
  const row = rows[0]!;
  const micro = (name: string) => BigInt(row[`${name}_micro`]!);
  const cents = (name: string) => BigInt(row[`${name}_cents`]!);
  for (const figure of [micro, cents])
    expect(figure('fee_collected') + figure('commission') + figure('credited') + figure('held')).toBe(
      figure('revenue'),
    );
  return { micro, cents };
}

/**
 * The wallets after a history: each holds what the closes credited it less what was paid out, the invitee what
 * was held, and a wallet went below zero only by a close's correction (`belowZero: 'by-corrections'`) or never.
 */
export async function expectWalletsHoldTheirCredits(
  q: Queryable,
  history: {
    accounts: readonly string[];
    paidOut: readonly number[];
    creditedCents: bigint;
    invite: string;
    heldCents: bigint;
  },
  belowZero: 'never' | 'by-corrections',
): Promise<void> {
  let wallets = 0n;
  for (const [index, accountId] of history.accounts.entries()) {
    const balance = await balanceOf(q, walletKey(accountId));
    if (belowZero === 'never') expect(balance).toBeGreaterThanOrEqual(0);
    else {
      // Below zero only through corrections: every debit of the wallet that is not one left it at zero or more.
      const { rows: debits } = await q.query<{ kind: string; after: string }>(
        `SELECT kind, balance_after::text AS after FROM (${accountEntriesSql('$1')}) entries WHERE amount < 0`,
        [walletKey(accountId)],
      );
      for (const debit of debits)
        if (debit.kind !== 'CLOSE_CORRECTION') expect(BigInt(debit.after)).toBeGreaterThanOrEqual(0n);
      if (balance < 0) expect(debits.some((debit) => debit.kind === 'CLOSE_CORRECTION')).toBe(true);
    }
    wallets += BigInt(balance + history.paidOut[index]!);
  }
  expect(wallets).toBe(history.creditedCents);
  expect(BigInt(await balanceOf(q, history.invite))).toBe(history.heldCents);
}
