import type {
  Wallet,
  WalletMutationPage,
  WalletMutationQuery,
  WalletPeriodRef,
  WalletStatement,
  WalletStatementQuery,
} from '@tunehouse/contracts';
import type { Db, Queryable } from '../../platform/db.js';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { creditedByKinds, walletBalance, walletKey } from '../ledger/index.js';
import { walletMutations } from './mutations.js';
import { statementInputOf } from './statement-data.js';
import { buildStatement } from './statement.js';

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
  /** One page of the wallet's ledger entries, newest first, each with the balance right after it. */
  mutations(accountId: string, query: WalletMutationQuery): Promise<WalletMutationPage>;
  /** The account's statement of one closed period; 404 when the period is missing or not closed. */
  statement(accountId: string, periodId: string, query: WalletStatementQuery): Promise<WalletStatement>;
};

/** The period when it is closed: statements exist only once the close has credited the wallets. */
async function closedPeriod(q: Queryable, periodId: string): Promise<WalletPeriodRef> {
  const { rows } = await q.query<WalletPeriodRef>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month FROM periods WHERE id = $1 AND status = 'CLOSED'`,
    [periodId],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', `No closed period ${periodId}`);
  return rows[0];
}

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
    mutations: (accountId, query) =>
      withTransaction(db, async (tx) => {
        // The page and its running balances from one snapshot.
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return walletMutations(tx, accountId, query);
      }),
    statement: async (accountId, periodId, { bucket }) => {
      // A closed period never changes, so its reads need no common snapshot.
      const period = await closedPeriod(db, periodId);
      const input = await statementInputOf(db, {
        periodId,
        accountId,
        wallet: walletKey(accountId),
        platformCurrency,
      });
      return { period, bucket, currency: platformCurrency, ...buildStatement(input, bucket) };
    },
  };
}
