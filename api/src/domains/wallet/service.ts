import type {
  Wallet,
  WalletEarnings,
  WalletMutationFilter,
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
import { payoutsInFlightOf } from '../payouts/index.js';
import { heldForAccount } from '../splits/index.js';
import { walletEarnings } from './earnings.js';
import { mutationsCsv } from './mutations-csv.js';
import { allWalletMutations, walletMutations } from './mutations.js';
import { findClosedPeriod, lastClosedPeriod } from './repository.js';
import { currencyRows } from './statement-currencies.js';
import { currencyGroupsOf, statementInputOf } from './statement-data.js';
import { labelStatementRows } from './statement-labels.js';
import { buildStatement } from './statement.js';

/**
 * The transfer kinds that are earnings: a period close crediting the owner's share to a wallet, a participant's
 * split income (credited by a close, or released on acceptance from what was held), and held shares returning to
 * the owner when an invite is declined or revoked.
 */
const EARNING_KINDS = ['CLOSE_CREDIT', 'SPLIT_INCOME', 'SPLIT_RELEASE', 'SPLIT_RETURN'] as const;

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
  /** Every mutation the filters keep, newest first, as CSV (all pages). */
  mutationsCsv(accountId: string, filter: WalletMutationFilter): Promise<string>;
  /** The account's statement of one closed period; 404 when the period is missing or not closed. */
  statement(accountId: string, periodId: string, query: WalletStatementQuery): Promise<WalletStatement>;
  /** What each of the last 12 closed periods credited the wallet, oldest first. */
  earnings(accountId: string): Promise<WalletEarnings>;
};

/** The period when it is closed: statements exist only once the close has credited the wallets. */
async function closedPeriod(q: Queryable, periodId: string): Promise<WalletPeriodRef> {
  const period = await findClosedPeriod(q, periodId);
  if (!period) throw new ApiError(404, 'NOT_FOUND', `No closed period ${periodId}`);
  return period;
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
          // Split income accrues on held:<participant> until the invite is answered.
          held: {
            splitsPendingAcceptance: await heldForAccount(tx, accountId),
            payoutsInFlight: await payoutsInFlightOf(tx, accountId),
          },
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
      const { rows, totals, corrections } = buildStatement(input, bucket);
      return {
        period,
        bucket,
        currency: platformCurrency,
        rows: await labelStatementRows(db, bucket, rows),
        totals,
        corrections,
        currencies: currencyRows(
          await currencyGroupsOf(db, periodId, accountId, platformCurrency),
          BigInt(totals.revenue),
          BigInt(corrections.revenue),
        ),
      };
    },
    mutationsCsv: async (accountId, filter) =>
      mutationsCsv(await allWalletMutations(db, accountId, filter), platformCurrency),
    earnings: async (accountId) => ({
      currency: platformCurrency,
      months: await walletEarnings(db, accountId, walletKey(accountId)),
    }),
  };
}
