import type { Wallet, WalletPeriodRef } from '@tunehouse/contracts';
import type { Db, Queryable } from '../../platform/db.js';
import { withTransaction } from '../../platform/db.js';
import { creditedByKinds, walletBalance, walletKey } from '../ledger/index.js';

/** The transfer kinds that are earnings: a period close crediting the owner's share to a wallet. */
const EARNING_KINDS = ['CLOSE_CREDIT'] as const;

export type WalletServiceDeps = {
  db: Db;
  /** The ledger's currency (PLATFORM_CURRENCY): every wallet amount is in its cents. */
  platformCurrency: string;
};

export type WalletService = {
  /** The wallet of one account: balance, held amounts, currency, last closed period and lifetime earnings. */
  summary(accountId: string): Promise<Wallet>;
};

/** The most recent closed period: the latest statement an account can read, whether or not it earned in it. */
async function lastClosedPeriod(q: Queryable): Promise<WalletPeriodRef | null> {
  const { rows } = await q.query<WalletPeriodRef>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month FROM periods
     WHERE status = 'CLOSED' ORDER BY month DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

export function createWalletService({ db, platformCurrency }: WalletServiceDeps): WalletService {
  return {
    summary: (accountId) =>
      withTransaction(db, async (tx) => {
        // One snapshot for every read, so a close committing in between cannot show a balance without its
        // earnings.
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const available = await walletBalance(tx, accountId);
        const lifetimeEarnings = await creditedByKinds(tx, walletKey(accountId), EARNING_KINDS);
        return {
          available,
          // Split income accrues on held:<participant> accounts that name no wallet until the split is accepted,
          // and there are no payouts yet: neither can hold this account's money today.
          held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
          currency: platformCurrency,
          lastClosedPeriod: await lastClosedPeriod(tx),
          lifetimeEarnings,
        };
      }),
  };
}
