import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';

/**
 * Ledger accounts are named by keys: `wallet:<accountId>` (a user's money), `held:<inviteId or split participant
 * id>` (money accrued for someone who has not accepted yet) and `platform:<name>` (the platform's own books).
 */
export type LedgerAccountKind = 'WALLET' | 'HELD' | 'PLATFORM';

/** The platform accounts this code moves money through; other `platform:<name>` keys are allowed too. */
export const PLATFORM_ACCOUNTS = {
  storeReceivables: 'platform:store-receivables',
  feeCollection: 'platform:fee-collection',
  commission: 'platform:commission',
  unmatched: 'platform:unmatched',
  payoutsInFlight: 'platform:payouts-in-flight',
  settlements: 'platform:settlements',
} as const;

/** Lower case, as PostgreSQL prints uuids, so one account has one key. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const accountKeySchema = z
  .string()
  .regex(/^(wallet|held|platform):[A-Za-z0-9._-]+$/, 'wallet:<accountId>, held:<id> or platform:<name>')
  .refine((key) => !key.startsWith('wallet:') || UUID.test(key.slice('wallet:'.length)), {
    message: 'a wallet key names an account id (a lower-case uuid)',
  });

export function walletKey(accountId: string): string {
  return `wallet:${accountId.toLowerCase()}`;
}

export function heldKey(id: string): string {
  return `held:${id}`;
}

export function parseAccountKey(key: string): { kind: LedgerAccountKind; accountId: string | null } {
  const parsed = accountKeySchema.safeParse(key);
  if (!parsed.success)
    throw new ApiError(400, 'BAD_REQUEST', `Ledger account "${key}" is not a valid account key`);
  if (key.startsWith('wallet:')) return { kind: 'WALLET', accountId: key.slice('wallet:'.length) };
  if (key.startsWith('held:')) return { kind: 'HELD', accountId: null };
  return { kind: 'PLATFORM', accountId: null };
}

/** Wallets and held accruals are someone's money: they can never go below zero. */
export function mustStayNonNegative(kind: LedgerAccountKind): boolean {
  return kind !== 'PLATFORM';
}
